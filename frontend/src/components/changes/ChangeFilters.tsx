import { CATEGORIES } from '@mcp-census/schemas/categories';
import { CHANGE_KIND_LABELS, CHANGE_KINDS } from '@mcp-census/schemas/api/changes';
import { SelectField } from '../ui/SelectField';
import { isCategory, isChangeKind, type ChangesFilter } from './changes-queries';

/** Kind and category filters, each a labelled select ("All" is no filter). */
export function ChangeFilters({ filter, onChange }: { filter: ChangesFilter; onChange: (next: ChangesFilter) => void }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:max-w-2xl">
      <SelectField
        id="changes-kind"
        label="Kind of change"
        value={filter.kind ?? ''}
        onChange={(e) => onChange({ ...filter, kind: isChangeKind(e.target.value) ? e.target.value : undefined })}
      >
        <option value="">All kinds</option>
        {CHANGE_KINDS.map((k) => (
          <option key={k} value={k}>
            {CHANGE_KIND_LABELS[k]}
          </option>
        ))}
      </SelectField>
      <SelectField
        id="changes-category"
        label="Category"
        value={filter.category ?? ''}
        onChange={(e) => onChange({ ...filter, category: isCategory(e.target.value) ? e.target.value : undefined })}
      >
        <option value="">All categories</option>
        {CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
