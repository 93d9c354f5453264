/** The one module the credential imports: sign-in, request signing, endpoints and its issuer fields. */
export { authorizeRequest } from './authorizeRequest';
export { KNOWN_ENVIRONMENTS } from './endpoints';
export { ISSUER_CREDENTIAL_FIELDS } from './issuerFields';
export { obtainSession } from './tokenService';
export { VOUCHERS_PATH } from '../api/paths';
