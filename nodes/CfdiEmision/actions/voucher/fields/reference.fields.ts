/** The voucher an operation points at: UUID (Cancel, Get Status) and Voucher ID (Get, Update), one declaration each. */
import type { INodeProperties } from 'n8n-workflow';

import { uuidField, voucherIdField } from '../../common.fields';

export const uuid: INodeProperties[] = uuidField('voucher', []);
export const voucherId: INodeProperties[] = voucherIdField('voucher', []);
