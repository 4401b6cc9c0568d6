export { adminAuthRoutes, type AdminAuthDependencies } from './admin-auth-routes';
export { createDeviceCookies, DEVICE_COOKIE_NAME, resolveDeviceCookieSecret } from './device-cookie';
export { LOGIN_LIMITS, LoginThrottle, type LoginLimits } from './login-limits';
export { GENERATED_PASSWORD_SETTING, resolveAdminCredentials, verifyAdminLogin, type AdminCredentials } from './admin-credentials';
export { hashPassword, isPasswordHash, verifyPassword } from './password-hash';
export { requireAdmin, type AdminState } from './require-admin';
export { readSessionCookie, SESSION_COOKIE_NAME } from './session-cookie';
export { createSessionStore, type AdminSession, type SessionStore } from './session-store';
