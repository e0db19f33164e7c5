import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import type { Endpoint } from '../../shared/client';
import { callApi } from '../../shared/client';
import type { DeliveryPolicy } from '../../shared/delivery';
import type { CallbackInterface } from '../schemas';

/** A read for verification, with the trigger's credential for `api`. */
export async function read(
	context: IWebhookFunctions,
	api: CallbackInterface,
	policy: DeliveryPolicy,
	endpoint: Endpoint,
	fields: IDataObject = {},
) {
	return await callApi.call(context, { api, endpoint, fields, kind: 'read', policy, itemIndex: 0 });
}
