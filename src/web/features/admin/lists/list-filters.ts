/**
 * The lists' filters and order live in the page's URL (shareable, Back works) and combine with
 * the search. Only values the server takes are read from a URL; anything else is ignored.
 * The contract's constants are repeated here: its module carries zod, which the site leaves out.
 */
export const PROGRAMMES = ['CLOSED_ALPHA', 'BETA', 'OPEN_BETA'] as const;
const NAME_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export type YesNo = 'true' | 'false';
export type SortChoice = 'created' | 'email' | 'place' | 'referrals';
/** Products a person can want first (contract/place.ts). */
export const PRODUCTS = ['ios', 'android', 'chrome', 'firefox'] as const;
export type ProductChoice = (typeof PRODUCTS)[number];
export const PRODUCT_LABELS: Record<ProductChoice, string> = {
  ios: 'iOS app',
  android: 'Android app',
  chrome: 'Chrome extension',
  firefox: 'Firefox extension',
};
export type OrderChoice = 'asc' | 'desc';

export interface ListFilters {
  confirmation?: 'pending' | 'confirmed' | undefined;
  whitelisted?: YesNo | undefined;
  registered?: YesNo | undefined;
  type?: string | undefined;
  source?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  waiting?: YesNo | undefined;
  product?: ProductChoice | undefined;
  referrer?: YesNo | undefined;
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
  'waiting',
  'product',
  'referrer',
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
    waiting: oneOf(params.get('waiting'), ['true', 'false'] as const),
    product: oneOf(params.get('product'), PRODUCTS),
    referrer: oneOf(params.get('referrer'), ['true', 'false'] as const),
    sort: oneOf(params.get('sort'), ['created', 'email', 'place', 'referrals'] as const),
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
  if (filters.waiting)
    chips.push({
      key: 'waiting',
      label: filters.waiting === 'true' ? 'Waiting in line' : 'Not waiting',
      clears: ['waiting'],
    });
  if (filters.product)
    chips.push({
      key: 'product',
      label: `Wants: ${PRODUCT_LABELS[filters.product]}`,
      clears: ['product'],
    });
  if (filters.referrer)
    chips.push({
      key: 'referrer',
      label: filters.referrer === 'true' ? 'Has credited referrals' : 'No credited referrals',
      clears: ['referrer'],
    });
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
  { value: 'place:asc', label: 'Place in line, first first' },
  { value: 'place:desc', label: 'Place in line, last first' },
  { value: 'referrals:desc', label: 'Most referrals first' },
  { value: 'referrals:asc', label: 'Fewest referrals first' },
];

/** The users list has no place order: it shows addresses, waiting or not. */
export function sortChoicesFor(list: 'Signups' | 'Users') {
  return list === 'Signups'
    ? SORT_CHOICES
    : SORT_CHOICES.filter((choice) => !choice.value.startsWith('place:'));
}

/** The direction a sort takes without an order, as the server's: dates and counts high first. */
export function defaultOrder(sort: SortChoice): OrderChoice {
  return sort === 'email' || sort === 'place' ? 'asc' : 'desc';
}

export function sortLabel(sort: SortChoice, order: OrderChoice | undefined): string {
  const direction = order ?? defaultOrder(sort);
  return SORT_CHOICES.find((choice) => choice.value === `${sort}:${direction}`)?.label ?? sort;
}

/** The query parameters the list, its export and the server take. */
export function filterQuery(filters: ListFilters): Record<string, string | undefined> {
  return Object.fromEntries(FILTER_NAMES.map((key) => [key, filters[key]]));
}

/** The users list's query: the place order is the signups list's own; the users keep theirs. */
export function usersFilterQuery(filters: ListFilters): Record<string, string | undefined> {
  return filters.sort === 'place'
    ? filterQuery({ ...filters, sort: undefined, order: undefined })
    : filterQuery(filters);
}
