/**
 * What the command menu holds while open: the search, the people it found (each opens their
 * panel, with an admin's common change for them just under), the actions and the views, in that
 * order, each kept while every word typed is in its name or its hint; or the one confirm before
 * an invitation. The order never changes with the typing, so the same keys always reach the
 * same item.
 */
import { Command } from 'cmdk';
import { useEffect, useRef, useState } from 'react';
import type { UserRecord } from '../../../../../contract/admin.ts';
import type { useWhitelistChanges } from '../../access/use-whitelist-changes.ts';
import { exportUrl } from '../../lists/api/export-url.ts';
import { SEARCH_DEBOUNCE_MS } from '../../lists/use-list-state.ts';
import { useDebouncedValue } from '../../lists/use-debounced-value.ts';
import { ADMIN_VIEWS, viewsFor, type ViewId } from '../admin-views.ts';
import { PEOPLE_MIN_SEARCH, usePeopleMatching } from '../api/find-people.ts';
import type { FocusTarget } from '../use-view-focus.ts';
import { CommandPerson, personValue, type PersonAction } from './command-person.tsx';
import { commandHintClass, commandItemClass } from './command-styles.ts';
import { InviteConfirm } from './invite-confirm.tsx';

/** The whitelist changes the menu starts, as the lists' rows start them. */
export type MenuWhitelist = Pick<
  ReturnType<typeof useWhitelistChanges>,
  'invited' | 'completeInvitation' | 'remove'
>;

/** How the menu's choices end: closing, opening a view or a person, or searching the lists. */
export interface MenuSteps {
  /** Closes the menu; focus goes back where it was, then `then` runs. */
  close: (then?: () => void) => void;
  /** Closes the menu and opens the person's panel. */
  openPerson: (email: string) => void;
  /** Opens a view and puts the focus in it (its panel, unless told). */
  goTo: (view: ViewId, focus?: FocusTarget) => void;
  /** Searches a list (the one on screen, else User Management, which holds everyone). */
  searchLists: (text: string, list?: 'signups' | 'users') => void;
}

/** The wave form's first field, "How many people" (access/components/wave-form.tsx). */
function waveCountField(): HTMLElement | null {
  return document.querySelector<HTMLElement>('form[aria-label="New wave"] input[type="number"]');
}

/** A plain link's download, as the lists' Export CSV link does it. */
function download(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.click();
}

/** Every word typed is somewhere in the texts. */
function matches(search: string, ...texts: string[]): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = texts.join(' ').toLowerCase();
  return words.every((word) => haystack.includes(word));
}

const LIST_NAMES = { signups: 'Signups', users: 'User Management' } as const;

const groupClass =
  'mt-1 first:mt-0 [&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:tracking-wide [&_[cmdk-group-heading]]:text-ink-300 [&_[cmdk-group-heading]]:uppercase';

export function CommandMenuBody({
  view,
  listView,
  readOnly,
  listQuery,
  whitelist,
  steps,
  onSessionEnded,
}: {
  view: ViewId;
  /** The list on screen, if one is. */
  listView: 'signups' | 'users' | null;
  readOnly: boolean;
  listQuery: Record<string, string | undefined>;
  whitelist: MenuWhitelist | null;
  steps: MenuSteps;
  onSessionEnded: (error: unknown) => boolean;
}) {
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const typed = search.trim();
  const term = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const people = usePeopleMatching(term);
  /** The search asked about what is typed now, and answered. */
  const settled = term === typed && !people.isFetching;
  useEffect(() => {
    if (people.error) onSessionEnded(people.error);
  }, [people.error, onSessionEnded]);

  // Results of an earlier search show while the next loads, as long as they hold what is typed.
  const searching = typed.length >= PEOPLE_MIN_SEARCH;
  const found = searching
    ? (people.data?.users ?? []).filter((person) =>
        person.email.toLowerCase().includes(typed.toLowerCase()),
      )
    : [];
  // A new first match is selected: typing an address and Enter reaches the person.
  const first = found[0]?.email ?? null;
  const [seenFirst, setSeenFirst] = useState<string | null>(null);
  if (first !== seenFirst) {
    setSeenFirst(first);
    if (first) setSelected(personValue(first));
  }

  if (confirming) {
    return (
      <InviteConfirm
        email={confirming}
        onInvited={(email) => {
          whitelist?.invited();
          steps.close(() => whitelist?.completeInvitation(email));
        }}
        onWhitelisted={() => whitelist?.invited()}
        onBack={() => {
          setConfirming(null);
          window.setTimeout(() => input.current?.focus(), 0);
        }}
        onSessionEnded={onSessionEnded}
      />
    );
  }

  /** An admin's common change for the person; a viewer changes nothing. */
  function personAction(person: UserRecord): PersonAction | null {
    if (!whitelist) return null;
    if (person.isWhitelisted) {
      return {
        id: 'remove',
        label: 'Remove from whitelist',
        run: () => {
          whitelist.remove(person.email);
          steps.close();
        },
      };
    }
    // An address that is not one mailbox is never mailed: its panel shows why.
    if (person.notOneMailbox) return null;
    return {
      id: 'invite',
      label: 'Whitelist and send the invitation',
      run: () => setConfirming(person.email),
    };
  }

  // The export is of the list on screen, else Signups; a search opens User Management then,
  // which holds everyone.
  const exportList = listView ?? 'signups';
  const searchList = listView ?? 'users';
  const filtered = Object.values(listQuery).some(Boolean);
  const actions = [
    whitelist
      ? {
          id: 'invite-next',
          label: 'Invite the next 100',
          hint: 'Invite waves, with the form ready',
          run: () => steps.goTo('waves', waveCountField),
        }
      : null,
    {
      id: 'export',
      label: 'Export CSV',
      hint: `${LIST_NAMES[exportList]}${filtered ? ', as searched and filtered' : ''}`,
      run: () => {
        download(exportUrl(exportList, listQuery));
        steps.close();
      },
    },
    {
      id: 'mail-queue',
      label: 'Open mail queue',
      hint: ADMIN_VIEWS.find((candidate) => candidate.id === 'mail')?.hint ?? '',
      keywords: 'go to view',
      run: () => steps.goTo('mail'),
    },
  ].filter(
    (action) => action !== null && matches(typed, action.label, action.hint, action.keywords ?? ''),
  );
  // The mail queue is an action above ("Open mail queue"), not listed twice.
  const views = viewsFor(readOnly).filter(
    (candidate) =>
      candidate.id !== 'mail' && matches(typed, candidate.label, candidate.hint, 'go to view'),
  );
  const peopleShown = searching && (found.length > 0 || people.error !== null);
  // An empty list of choices is no list: it leaves the page, and the line above says so.
  const nothing = !peopleShown && actions.length === 0 && views.length === 0;

  return (
    <Command
      label="Command menu"
      shouldFilter={false}
      value={selected}
      onValueChange={setSelected}
      loop
      className="flex min-h-0 flex-col"
    >
      <div className="flex items-center gap-3 border-b border-ink-700 px-4 focus-within:border-gold-400">
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="size-4 shrink-0 fill-none stroke-ink-300 stroke-2"
        >
          <circle cx="8.5" cy="8.5" r="5.5" />
          <path d="m13 13 4 4" strokeLinecap="round" />
        </svg>
        <Command.Input
          ref={input}
          value={search}
          onValueChange={setSearch}
          placeholder="Address, view or action..."
          className="h-12 w-full min-w-0 bg-transparent text-base text-ink-100 placeholder:text-ink-400 focus-visible:outline-none"
        />
      </div>
      <p
        role="status"
        className={`px-4 text-ink-300 empty:pt-0 ${nothing ? 'py-6 text-center text-sm' : 'pt-2 text-xs'}`}
      >
        {nothing && (settled || !searching)
          ? `Nothing matches “${typed}”.`
          : peopleStatus(typed, searching, settled, found.length, people)}
      </p>
      <Command.List
        label="Results"
        hidden={nothing}
        className="min-h-0 overflow-y-auto overscroll-contain p-2"
      >
        {peopleShown ? (
          <Command.Group heading="People" className={groupClass}>
            {found.map((person) => (
              <CommandPerson
                key={person.email}
                person={person}
                onOpen={() => steps.openPerson(person.email)}
                action={personAction(person)}
              />
            ))}
            {people.error ? (
              <Command.Item
                value="people:retry"
                onSelect={() => void people.refetch()}
                className={commandItemClass}
              >
                Search people again
              </Command.Item>
            ) : (
              <Command.Item
                value="people:all"
                onSelect={() => steps.searchLists(typed)}
                className={commandItemClass}
              >
                <span>
                  Show every match for “{typed}” in {LIST_NAMES[searchList]}
                </span>
              </Command.Item>
            )}
          </Command.Group>
        ) : null}

        {actions.length ? (
          <Command.Group heading="Actions" className={groupClass}>
            {actions.map((action) =>
              action ? (
                <Command.Item
                  key={action.id}
                  value={`action:${action.id}`}
                  onSelect={action.run}
                  className={`${commandItemClass} justify-between max-sm:flex-col max-sm:items-start max-sm:gap-0.5`}
                >
                  <span className="font-medium">{action.label}</span>
                  <span className={`${commandHintClass} sm:text-right`}>{action.hint}</span>
                </Command.Item>
              ) : null,
            )}
          </Command.Group>
        ) : null}

        {views.length ? (
          <Command.Group heading="Go to" className={groupClass}>
            {views.map((candidate) => (
              <Command.Item
                key={candidate.id}
                value={`view:${candidate.id}`}
                onSelect={() => steps.goTo(candidate.id)}
                className={`${commandItemClass} justify-between`}
              >
                <span className="font-medium">
                  {candidate.label}
                  {candidate.id === view ? (
                    <span className="ml-2 text-xs font-normal text-gold-300">(open now)</span>
                  ) : null}
                </span>
                <span className={`${commandHintClass} text-right max-sm:hidden`}>
                  {candidate.hint}
                </span>
              </Command.Item>
            ))}
          </Command.Group>
        ) : null}
      </Command.List>
      <p className="flex flex-wrap gap-x-4 gap-y-1 border-t border-ink-700 px-4 py-2 text-xs text-ink-300 max-sm:hidden">
        <span>
          <Key>↑</Key> <Key>↓</Key> to move
        </span>
        <span>
          <Key>Enter</Key> to choose
        </span>
        <span>
          <Key>Esc</Key> to close
        </span>
        <span>
          <Key>/</Key> searches the lists
        </span>
      </p>
    </Command>
  );
}

function Key({ children }: { children: string }) {
  return (
    <kbd className="rounded border border-ink-600 bg-ink-800 px-1.5 py-0.5 font-sans text-[0.7rem] text-ink-100">
      {children}
    </kbd>
  );
}

/** What the person search says: searching, failed, found none or how many. */
function peopleStatus(
  typed: string,
  searching: boolean,
  settled: boolean,
  shown: number,
  people: ReturnType<typeof usePeopleMatching>,
): string {
  if (!searching) return '';
  if (people.error) return `Could not search people: ${people.error.message}`;
  if (!settled) return shown === 0 ? 'Searching people...' : '';
  if (shown === 0) return `No address holds “${typed}”.`;
  const total = people.data?.pagination.total ?? shown;
  return total > shown
    ? `${shown} of ${total.toLocaleString('en-US')} people whose address holds “${typed}”.`
    : `${shown} ${shown === 1 ? 'person' : 'people'} whose address holds “${typed}”.`;
}
