export { adminAuthRoutes, LOGIN_ATTEMPTS, type AdminAuthDependencies } from './admin-auth-routes';
export { GENERATED_PASSWORD_SETTING, resolveAdminCredentials, verifyAdminLogin, type AdminCredentials } from './admin-credentials';
export { hashPassword, isPasswordHash, verifyPassword } from './password-hash';
export { requireAdmin, type AdminState } from './require-admin';
export { readSessionCookie, SESSION_COOKIE_NAME } from './session-cookie';
export { createSessionStore, type AdminSession, type SessionStore } from './session-store';
