import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import type { ListFilters } from '../list-filters.ts';
import type { PageSize } from '../page-size.ts';
import type { ListId } from '../use-list-state.ts';
import { ConfirmationFilter, type ConfirmationChoice } from './confirmation-filter.tsx';
import { ListHeading } from './list-heading.tsx';
import { ListPager } from './list-pager.tsx';
import { ListSearch } from './list-search.tsx';
import { ListToolbar } from './list-toolbar.tsx';

interface ListTabPanelProps {
  value: ListId;
  title: 'Signups' | 'Users';
  search: string;
  /** The search box's draft, and its change. */
  searchInput: string;
  onSearchInputChange: (value: string) => void;
  loading: boolean;
  shown: number | undefined;
  total: number | undefined;
  /** False: a broad search, counted no further than `total` ("at least"). */
  totalExact: boolean;
  offset: number;
  pageSize: number;
  onPageSizeChange: (size: PageSize) => void;
  onOffsetChange: (offset: number) => void;
  confirmation: ConfirmationChoice;
  onConfirmationChange: (choice: ConfirmationChoice) => void;
  filters: ListFilters;
  onFiltersChange: (filters: ListFilters) => void;
  /** The CSV export of what the list shows. */
  exportHref: string;
  /** More tools at the end of the toolbar (the import). */
  tools?: ReactNode;
  /** Changes with the search and every filter: a new one starts without a known total. */
  pagerKey: string;
  children: ReactNode;
}

/**
 * One list tab: one toolbar line (the heading with its counts, the search, the confirmation
 * filter, then the list's tools), the table and the pager. The panel itself is no stop of the
 * Tab key: the search, its first control, is the next one after the tabs.
 */
export function ListTabPanel({
  value,
  title,
  search,
  searchInput,
  onSearchInputChange,
  loading,
  shown,
  total,
  totalExact,
  offset,
  pageSize,
  onPageSizeChange,
  onOffsetChange,
  confirmation,
  onConfirmationChange,
  filters,
  onFiltersChange,
  exportHref,
  tools,
  pagerKey,
  children,
}: ListTabPanelProps) {
  const headingId = `${value}-heading`;
  return (
    <Tabs.Content value={value} tabIndex={-1} className="mt-3" aria-labelledby={headingId}>
      <ListToolbar
        list={title}
        filters={filters}
        onChange={onFiltersChange}
        pageSize={pageSize}
        onPageSizeChange={onPageSizeChange}
        exportHref={exportHref}
        leading={
          <>
            <ListHeading
              id={headingId}
              title={title}
              shown={loading ? undefined : shown}
              total={loading ? undefined : total}
              totalExact={totalExact}
              search={search}
            />
            <ListSearch value={searchInput} onChange={onSearchInputChange} />
            <ConfirmationFilter
              label={`${title} by confirmation`}
              value={confirmation}
              onChange={onConfirmationChange}
            />
          </>
        }
      >
        {tools}
      </ListToolbar>
      <div className="mt-2">{children}</div>
      <ListPager
        key={pagerKey}
        label={`${title} pages`}
        offset={offset}
        pageSize={pageSize}
        total={loading ? undefined : total}
        totalExact={totalExact}
        loading={loading}
        onOffsetChange={onOffsetChange}
      />
    </Tabs.Content>
  );
}
