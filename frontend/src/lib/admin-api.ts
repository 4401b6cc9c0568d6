import { adminSessionResponseSchema, adminStatusSchema } from '@mcp-census/schemas/api/admin';
import { reportDeletionResponseSchema, scanControlResponseSchema } from '@mcp-census/schemas/api/scan-control';
import { apiJson } from './api-client';

/** The operator's calls; the server checks the session cookie on every one. */
export const adminLogin = (username: string, password: string) =>
  apiJson('/api/admin/login', adminSessionResponseSchema, { method: 'POST', body: { username, password } });
export const adminLogout = () => apiJson('/api/admin/logout', adminSessionResponseSchema, { method: 'POST' });
export const fetchAdminSession = (signal?: AbortSignal) => apiJson('/api/admin/session', adminSessionResponseSchema, { signal });
export const fetchAdminStatus = (signal?: AbortSignal) => apiJson('/api/admin/status', adminStatusSchema, { signal });
export const pauseScanning = () => apiJson('/api/scan/pause', scanControlResponseSchema, { method: 'POST' });
export const resumeScanning = () => apiJson('/api/scan/resume', scanControlResponseSchema, { method: 'POST' });
export const deleteScanReport = (id: number) => apiJson(`/api/scan-reports/${id}`, reportDeletionResponseSchema, { method: 'DELETE' });
