/**
 * One compact line above each list, wrapping on narrow screens: what comes first (the heading
 * with its counts, the search, the confirmation filter), then "Filters" (a panel of the other
 * filters opens below), the order, the page size, the CSV export of what the list shows, and
 * more tools (the import). Below: one chip per filter in use, each clearing its filter.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  defaultOrder,
  filterChips,
  isFilterName,
  PRODUCT_LABELS,
  PRODUCTS,
  PROGRAMMES,
  sortChoicesFor,
  type ListFilters,
  type OrderChoice,
  type SortChoice,
} from '../list-filters.ts';
import { PAGE_SIZES, type PageSize } from '../page-size.ts';

const control =
  'mt-1 w-full rounded-lg border border-ink-600 bg-ink-950 px-2.5 py-1.5 text-sm text-ink-100';
const labelClass = 'block text-xs font-medium text-ink-300';
/** A tool of the toolbar: 32 px high, quiet until hovered. */
export const toolButton =
  'inline-flex h-8 items-center gap-1.5 rounded-md border border-ink-600 px-2.5 text-xs font-medium whitespace-nowrap text-ink-100 transition hover:border-ink-400 aria-expanded:border-gold-400';
export const toolSelect =
  'h-8 rounded-md border border-ink-600 bg-ink-950 px-2 text-xs font-medium text-ink-100 hover:border-ink-400';

export function ListToolbar({
  list,
  leading,
  filters,
  onChange,
  pageSize,
  onPageSizeChange,
  exportHref,
  children,
}: {
  list: 'Signups' | 'Users';
  /** The heading, the search and the confirmation filter, first on the line. */
  leading: ReactNode;
  filters: ListFilters;
  onChange: (filters: ListFilters) => void;
  /** Rows a page shows (page-size.ts). */
  pageSize: number;
  onPageSizeChange: (size: PageSize) => void;
  exportHref: string;
  /** More tools (the import). */
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const chips = filterChips(filters);
  const set = (patch: Partial<ListFilters>) => onChange({ ...filters, ...patch });
  const active = chips.filter((chip) => chip.key !== 'sort' && chip.key !== 'confirmation').length;

  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        {leading}
        <div className="flex flex-wrap items-center gap-2 lg:ml-auto">
          <button
            type="button"
            className={toolButton}
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen(!open)}
          >
            Filters{active ? ` (${active})` : ''}
          </button>
          <label className="sr-only" htmlFor={`${panelId}-sort`}>
            {list} order
          </label>
          <select
            id={`${panelId}-sort`}
            value={
              filters.sort && (filters.sort !== 'place' || list === 'Signups')
                ? `${filters.sort}:${filters.order ?? defaultOrder(filters.sort)}`
                : ''
            }
            onChange={(event) => {
              const [sort, order] = event.target.value.split(':') as [SortChoice | '', OrderChoice];
              set(sort ? { sort, order } : { sort: undefined, order: undefined });
            }}
            className={toolSelect}
          >
            {sortChoicesFor(list).map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
          <label className="sr-only" htmlFor={`${panelId}-size`}>
            {list} per page
          </label>
          <select
            id={`${panelId}-size`}
            value={pageSize}
            onChange={(event) => {
              const size = PAGE_SIZES.find((each) => String(each) === event.target.value);
              if (size) onPageSizeChange(size);
            }}
            className={toolSelect}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size} per page
              </option>
            ))}
          </select>
          <a href={exportHref} download className={toolButton}>
            Export CSV
          </a>
          {children}
        </div>
      </div>

      {open ? <FilterPanel id={panelId} list={list} filters={filters} onChange={set} /> : null}

      {chips.length ? (
        <ul
          aria-label={`${list} filters in use`}
          className="mt-2 flex flex-wrap items-center gap-1.5"
        >
          {chips.map((chip) => (
            <li key={chip.key}>
              <button
                type="button"
                aria-label={`Clear filter: ${chip.label}`}
                onClick={() => set(Object.fromEntries(chip.clears.map((key) => [key, undefined])))}
                className="inline-flex items-center gap-1 rounded-full border border-gold-400/50 bg-gold-400/10 py-0.5 pr-1.5 pl-2.5 text-xs font-medium whitespace-nowrap text-gold-300 hover:bg-gold-400/20"
              >
                {chip.label}
                <span aria-hidden="true" className="text-sm leading-none">
                  ×
                </span>
              </button>
            </li>
          ))}
          <li>
            <button
              type="button"
              onClick={() => onChange({})}
              className="px-1.5 text-xs font-medium text-ink-300 underline-offset-2 hover:text-ink-100 hover:underline"
            >
              Clear all
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}

function FilterPanel({
  id,
  list,
  filters,
  onChange,
}: {
  id: string;
  list: string;
  filters: ListFilters;
  onChange: (patch: Partial<ListFilters>) => void;
}) {
  const [source, setSource] = useState(filters.source ?? '');
  const [sourceError, setSourceError] = useState<string | null>(null);

  function applySource(event?: FormEvent) {
    event?.preventDefault();
    const value = source.trim();
    if (value && !isFilterName(value)) {
      setSourceError('A signup form is 1 to 64 letters, digits, _, - or .');
      return;
    }
    setSourceError(null);
    onChange({ source: value || undefined });
  }

  return (
    <div
      id={id}
      role="group"
      aria-label={`${list} filters`}
      className="mt-2 grid grid-cols-2 gap-3 rounded-xl border border-ink-700 bg-ink-900 p-3 sm:grid-cols-3 lg:grid-cols-5"
    >
      <FilterSelect
        label="Whitelist"
        value={filters.whitelisted}
        options={[
          { value: 'true', label: 'Whitelisted' },
          { value: 'false', label: 'Not whitelisted' },
        ]}
        onChange={(whitelisted) => onChange({ whitelisted })}
      />
      <FilterSelect
        label="Registration"
        value={filters.registered}
        options={[
          { value: 'true', label: 'Registered' },
          { value: 'false', label: 'Not registered' },
        ]}
        onChange={(registered) => onChange({ registered })}
      />
      <FilterSelect
        label="In line"
        value={filters.waiting}
        options={[
          { value: 'true', label: 'Waiting in line' },
          { value: 'false', label: 'Not waiting' },
        ]}
        onChange={(waiting) => onChange({ waiting })}
      />
      <FilterSelect
        label="Wants first"
        value={filters.product}
        options={PRODUCTS.map((product) => ({ value: product, label: PRODUCT_LABELS[product] }))}
        onChange={(product) => onChange({ product })}
      />
      <FilterSelect
        label="Referrals"
        value={filters.referrer}
        options={[
          { value: 'true', label: 'Has credited referrals' },
          { value: 'false', label: 'No credited referrals' },
        ]}
        onChange={(referrer) => onChange({ referrer })}
      />
      <FilterSelect
        label="Programme"
        value={filters.type}
        options={[...new Set([...PROGRAMMES, ...(filters.type ? [filters.type] : [])])].map(
          (type) => ({ value: type, label: type.replaceAll('_', ' ') }),
        )}
        onChange={(type) => onChange({ type })}
      />
      <form onSubmit={applySource} className="min-w-0">
        <label className={labelClass}>
          Signup form
          <input
            className={control}
            value={source}
            placeholder="e.g. hero-top"
            onChange={(event) => setSource(event.target.value)}
            onBlur={() => applySource()}
            aria-invalid={sourceError ? true : undefined}
            aria-describedby={sourceError ? `${id}-source-error` : undefined}
          />
        </label>
        {sourceError ? (
          <p id={`${id}-source-error`} className="mt-1 text-xs text-red-200">
            {sourceError}
          </p>
        ) : null}
      </form>
      <label className={labelClass}>
        Signed up from
        <input
          type="date"
          className={control}
          value={filters.from ?? ''}
          max={filters.to}
          onChange={(event) => onChange({ from: event.target.value || undefined })}
        />
      </label>
      <label className={labelClass}>
        Signed up until
        <input
          type="date"
          className={control}
          value={filters.to ?? ''}
          min={filters.from}
          onChange={(event) => onChange({ to: event.target.value || undefined })}
        />
      </label>
    </div>
  );
}

/** One filter of the panel: a labelled choice whose first option, Any, clears it. */
function FilterSelect<Value extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: Value | undefined;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value | undefined) => void;
}) {
  return (
    <label className={labelClass}>
      {label}
      <select
        className={control}
        value={value ?? ''}
        onChange={(event) =>
          onChange(options.find((option) => option.value === event.target.value)?.value)
        }
      >
        <option value="">Any</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
