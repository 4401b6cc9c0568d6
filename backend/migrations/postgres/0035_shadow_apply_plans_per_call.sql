-- The shadowing aggregates' apply (0023, 0028, 0033) is a PL/pgSQL function, and PL/pgSQL keeps
-- one generic plan for a statement after five calls whenever it costs less than the plans made
-- for each call's own arguments. A generic plan prices each array argument at a default 10
-- elements, so once chunks carry thousands of tool names it always costs less, and in it joining
-- the changed names' spellings with their totals by nested loop looked cheapest: on a projector's
-- long-lived connection at a million sites, 7.6M comparisons in one chunk. Planned for each call,
-- the statement sees its arrays' real sizes and hashes that join; one more planning per chunk is
-- small against the hundreds of milliseconds the apply takes.
ALTER FUNCTION security_shadow_apply(tool_name_keys[], tool_name_keys[]) SET plan_cache_mode = force_custom_plan;
