/**
 * SQL condition for "counts as MCP" in every figure, given `l` = latest_scans
 * and `v` = site_liveness: the newest reached scan found MCP and the site's
 * confirmed status is still MCP. A site that merely failed a scan or two keeps
 * counting (with its last known capabilities); a confirmed unreachable or
 * not-scanned site counts neither as MCP nor as No MCP.
 *
 * Both sides apply it: the state projector's daily history snapshot (write)
 * and the backend's figures (read), so it lives here, shared, written once.
 */
export const COUNTED_MCP = `(l.has_mcp AND v.status = 'mcp')`;

/** Joins the liveness row (alias `v`) of website `w`. */
export const JOIN_LIVENESS = 'LEFT JOIN site_liveness v ON v.website_id = w.id';
