// ts-jest reads package.json itself; the build inlines the version (scripts/inline-version.js), so
// dist/ carries no copy of package.json.
import { version } from '../../package.json';

/** This package's version, sent in the User-Agent of every request. */
export const PACKAGE_VERSION: string = version;
