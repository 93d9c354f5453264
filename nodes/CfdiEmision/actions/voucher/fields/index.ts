/** The voucher operations' shared fields, imported by name by each operation file. */
export * from './globalSale.fields';
export * from './lineItems.fields';
export * from './order.fields';
export * from './orderSettings.fields';
export * from './output.fields';
export * from './reference.fields';
export * from './relatedParties.fields';
export * from './stamping.fields';
export * from './voucherForm.fields';
export * from './voucherInput.fields';
export * from './voucherKind.fields';
