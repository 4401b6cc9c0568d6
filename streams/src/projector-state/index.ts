export { snapshotDailyReport, utcDay } from './daily-report';
export { STATE_PROJECTION_LIMITS, type Queryable } from './limits';
export { projectScanCompleted, type ProjectScanCompletedOptions, type ProjectScanCompletedResult } from './project-scan-completed';
export { projectScanLogs } from './project-scan-logs';
export { startStateProjector, STATE_PROJECTOR_GROUPS, type RunningStateProjector, type StateProjectorOptions } from './projector';
export { rebuildStateProjection, REBUILDABLE_STATE_TABLES } from './rebuild';
export { refreshLiveness } from './liveness/record-outcomes';
export { DEFAULT_LIVENESS, type LivenessSettings } from '@mcp-census/schemas/liveness-settings';
