-- The site refreshes (0021-0024) and the state projector's chunk transactions turn plan types
-- off so that their statements reach a chunk's sites through their keys. PostgreSQL prices a
-- plan type that is off at 10^10, so a statement that cannot avoid one (a small table read
-- whole, such as the delta rows a fold or the daily report sums) passes every JIT threshold,
-- and a standard build (Debian's, the official image of the compose stack) compiled and
-- optimized it with LLVM on every call: on Debian's PostgreSQL 15, 90 ms of each 2,000-event
-- chunk (500-700 ms). These statements are all short, so JIT never pays for itself in them.
ALTER FUNCTION census_refresh_sites_now(bigint[]) SET jit = off;
ALTER FUNCTION discovery_refresh_sites_now(bigint[], text) SET jit = off;
ALTER FUNCTION security_refresh_sites_now(bigint[]) SET jit = off;
ALTER FUNCTION security_shadow_apply(tool_name_keys[], tool_name_keys[]) SET jit = off;
