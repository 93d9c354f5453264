/** What the credential takes of the sign-in: the token grant, request signing and the known hosts. */
export { authorizeRequest } from './authorizeRequest';
export { KNOWN_ENVIRONMENTS } from './endpoints';
export { obtainSession } from './tokenService';
