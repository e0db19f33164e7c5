/** The shortest widget secret the credential and the trigger accept. */
export const MIN_WIDGET_SECRET_LENGTH = 24;
