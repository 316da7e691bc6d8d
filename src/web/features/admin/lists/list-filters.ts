/**
 * The lists' filters and order live in the page's URL (shareable, Back works) and combine with
 * the search. Only values the server takes are read from a URL; anything else is ignored.
 * The contract's constants are repeated here: its module carries zod, which the site leaves out.
 */
export const PROGRAMMES = ['CLOSED_ALPHA', 'BETA', 'OPEN_BETA'] as const;
const NAME_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export type YesNo = 'true' | 'false';
export type SortChoice = 'created' | 'email';
export type OrderChoice = 'asc' | 'desc';

export interface ListFilters {
  confirmation?: 'pending' | 'confirmed' | undefined;
  whitelisted?: YesNo | undefined;
  registered?: YesNo | undefined;
  type?: string | undefined;
  source?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort?: SortChoice | undefined;
  order?: OrderChoice | undefined;
}

export const FILTER_NAMES = [
  'confirmation',
  'whitelisted',
  'registered',
  'type',
  'source',
  'from',
  'to',
  'sort',
  'order',
] as const satisfies readonly (keyof ListFilters)[];

function isDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function isFilterName(value: string): boolean {
  return NAME_PATTERN.test(value);
}

function oneOf<T extends string>(value: string | null, choices: readonly T[]): T | undefined {
  return choices.find((choice) => choice === value);
}

/** The filters a URL's search parameters name. */
export function readFilters(params: URLSearchParams): ListFilters {
  const name = (key: string) => {
    const value = params.get(key);
    return value !== null && isFilterName(value) ? value : undefined;
  };
  const day = (key: string) => {
    const value = params.get(key);
    return value !== null && isDay(value) ? value : undefined;
  };
  const filters: ListFilters = {
    confirmation: oneOf(params.get('confirmation'), ['pending', 'confirmed'] as const),
    whitelisted: oneOf(params.get('whitelisted'), ['true', 'false'] as const),
    registered: oneOf(params.get('registered'), ['true', 'false'] as const),
    type: name('type'),
    source: name('source'),
    from: day('from'),
    to: day('to'),
    sort: oneOf(params.get('sort'), ['created', 'email'] as const),
    order: oneOf(params.get('order'), ['asc', 'desc'] as const),
  };
  // The server refuses a range that ends before it starts: drop its end.
  if (filters.from && filters.to && filters.from > filters.to) filters.to = undefined;
  if (!filters.sort) filters.order = undefined;
  return filters;
}

/** The URL's parameters with `filters` written in (unset ones removed), others kept. */
export function writeFilters(params: URLSearchParams, filters: ListFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of FILTER_NAMES) {
    const value = filters[key];
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/** A chip per filter that is set: what it says and what clearing it removes. */
export function filterChips(
  filters: ListFilters,
): { key: keyof ListFilters; label: string; clears: (keyof ListFilters)[] }[] {
  const chips: { key: keyof ListFilters; label: string; clears: (keyof ListFilters)[] }[] = [];
  if (filters.confirmation)
    chips.push({
      key: 'confirmation',
      label: filters.confirmation === 'confirmed' ? 'Confirmed' : 'Unconfirmed',
      clears: ['confirmation'],
    });
  if (filters.whitelisted)
    chips.push({
      key: 'whitelisted',
      label: filters.whitelisted === 'true' ? 'Whitelisted' : 'Not whitelisted',
      clears: ['whitelisted'],
    });
  if (filters.registered)
    chips.push({
      key: 'registered',
      label: filters.registered === 'true' ? 'Registered' : 'Not registered',
      clears: ['registered'],
    });
  if (filters.type)
    chips.push({
      key: 'type',
      label: `Programme: ${filters.type.replaceAll('_', ' ')}`,
      clears: ['type'],
    });
  if (filters.source)
    chips.push({ key: 'source', label: `Form: ${filters.source}`, clears: ['source'] });
  if (filters.from) chips.push({ key: 'from', label: `From ${filters.from}`, clears: ['from'] });
  if (filters.to) chips.push({ key: 'to', label: `To ${filters.to}`, clears: ['to'] });
  if (filters.sort)
    chips.push({
      key: 'sort',
      label: `Sorted: ${sortLabel(filters.sort, filters.order)}`,
      clears: ['sort', 'order'],
    });
  return chips;
}

export const SORT_CHOICES: { value: string; label: string }[] = [
  { value: '', label: 'Default order' },
  { value: 'created:desc', label: 'Newest signup first' },
  { value: 'created:asc', label: 'Oldest signup first' },
  { value: 'email:asc', label: 'Address A–Z' },
  { value: 'email:desc', label: 'Address Z–A' },
];

export function sortLabel(sort: SortChoice, order: OrderChoice | undefined): string {
  const direction = order ?? (sort === 'email' ? 'asc' : 'desc');
  return SORT_CHOICES.find((choice) => choice.value === `${sort}:${direction}`)?.label ?? sort;
}

/** The query parameters the list, its export and the server take. */
export function filterQuery(filters: ListFilters): Record<string, string | undefined> {
  return Object.fromEntries(FILTER_NAMES.map((key) => [key, filters[key]]));
}
