import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import type { ListId } from '../use-list-state.ts';
import { ConfirmationFilter, type ConfirmationChoice } from './confirmation-filter.tsx';
import { ListHeading } from './list-heading.tsx';
import { ListPager } from './list-pager.tsx';

interface ListTabPanelProps {
  value: ListId;
  title: string;
  search: string;
  loading: boolean;
  shown: number | undefined;
  total: number | undefined;
  /** False: a broad search, counted no further than `total` ("at least"). */
  totalExact: boolean;
  offset: number;
  pageSize: number;
  onOffsetChange: (offset: number) => void;
  confirmation: ConfirmationChoice;
  onConfirmationChange: (choice: ConfirmationChoice) => void;
  /** The filters, order, export and import above the table. */
  tools: ReactNode;
  /** Changes with the search and every filter: a new one starts without a known total. */
  pagerKey: string;
  children: ReactNode;
}

/** One list tab: its heading with the counts, the confirmation filter, the table and the pager. */
export function ListTabPanel({
  value,
  title,
  search,
  loading,
  shown,
  total,
  totalExact,
  offset,
  pageSize,
  onOffsetChange,
  confirmation,
  onConfirmationChange,
  tools,
  pagerKey,
  children,
}: ListTabPanelProps) {
  const headingId = `${value}-heading`;
  return (
    <Tabs.Content value={value} className="mt-6" aria-labelledby={headingId}>
      <ListHeading
        id={headingId}
        title={title}
        shown={loading ? undefined : shown}
        total={loading ? undefined : total}
        totalExact={totalExact}
        search={search}
      />
      <div className="mt-3">
        <ConfirmationFilter
          label={`${title} by confirmation`}
          value={confirmation}
          onChange={onConfirmationChange}
        />
      </div>
      {tools}
      <div className="mt-4">{children}</div>
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
