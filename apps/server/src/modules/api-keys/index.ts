export { createApiKey, revokeApiKey } from './api-keys.commands';
export { listApiKeys } from './api-keys.queries';
export { findApiKeyUser } from './api-keys.auth';
