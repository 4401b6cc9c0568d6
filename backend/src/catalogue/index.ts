export { MAX_CSV_BYTES, MAX_FIELD_CHARS, CsvInputError, parseCsv, decodeCsvBytes, type CsvRecord, type CsvRecordError, type CsvParseResult } from './csv';
export { normalizeHost, MAX_URL_CHARS, type HostResult } from './normalize-host';
export { validateRow, resolveCategory, MAX_NAME_CHARS, type RawCatalogueRow, type CatalogueSite, type RowValidation } from './validate-row';
export { catalogueEndpointSchema, endpointSourceSchema } from './endpoint-url';
export { syncCatalogueEndpoints } from './sync-catalogue-endpoints';
export {
  CATALOGUE_COLUMNS,
  OPTIONAL_CATALOGUE_COLUMNS,
  CatalogueFileError,
  parseCatalogueCsv,
  readCatalogueFile,
  type CatalogueInputRow,
  type CatalogueReject,
  type ParsedCatalogue,
} from './catalogue-file';
export { importCatalogue, prepareAndUpsertSites, prepareSites, upsertSites, inTransaction, type ImportOptions, type ImportResult, type UpsertCounts, type Queryable } from './import-catalogue';
export { ensureCatalogue, BUILT_IN_CATALOGUE, CATALOGUE_SEEDED_KEY, type EnsureCatalogueOptions, type EnsureCatalogueResult } from './seed';
export { formatCounts, formatReject, summarizeRejects } from './report';
