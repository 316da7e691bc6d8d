/**
 * A person the command menu found: the address with its whitelist and confirmation state,
 * which opens the person's panel; under it, for an admin, the common change for that person
 * (whitelist and send the invitation, or remove from the whitelist), an item of its own.
 */
import { Command } from 'cmdk';
import type { UserRecord } from '../../../../../contract/admin.ts';
import { revealInvisible } from '../../../../../contract/email-rules.ts';
import { ConfirmationBadge } from '../../lists/components/confirmation-badge.tsx';
import { WhitelistBadge } from '../../lists/components/whitelist-badge.tsx';
import { AddressText } from '../../shared/components/address-text.tsx';
import { commandHintClass, commandItemClass, commandSubItemClass } from './command-styles.ts';

/** The item's value in the menu: what the menu selects by. */
export function personValue(email: string) {
  return `person:${email}`;
}

/** A change the menu offers for a person, in a few words, and what it does. */
export interface PersonAction {
  id: 'invite' | 'remove';
  label: string;
  run: () => void;
}

export function CommandPerson({
  person,
  onOpen,
  action,
}: {
  person: UserRecord;
  /** Opens the person's panel. */
  onOpen: () => void;
  /** None for a viewer, and none to offer for an address that is never mailed. */
  action: PersonAction | null;
}) {
  return (
    <>
      <Command.Item
        value={personValue(person.email)}
        onSelect={onOpen}
        className={`${commandItemClass} justify-between`}
      >
        <span className="min-w-0">
          {/* The whole address, wrapped when long: it is what the admin is checking. */}
          <span className="flex min-w-0 items-center gap-2 font-medium [&>span:first-child]:whitespace-normal [&>span:first-child]:[overflow-wrap:anywhere]">
            <AddressText email={person.email} notOneMailbox={person.notOneMailbox} />
          </span>
          <span className="mt-1 flex flex-wrap items-center gap-1.5">
            <WhitelistBadge whitelisted={person.isWhitelisted} />
            {/* An address that never signed up has nothing to confirm. */}
            {person.signupDate ? <ConfirmationBadge confirmedAt={person.confirmedAt} /> : null}
          </span>
        </span>
        <span className={`${commandHintClass} shrink-0`}>Open</span>
      </Command.Item>
      {action ? (
        <Command.Item
          value={`${action.id}:${person.email}`}
          onSelect={action.run}
          className={commandSubItemClass}
        >
          {/* Under its person: the change is that person's. */}
          <svg
            aria-hidden="true"
            viewBox="0 0 16 16"
            className="size-3.5 shrink-0 fill-none stroke-ink-400 stroke-[1.5]"
          >
            <path d="M3 2v6a2 2 0 0 0 2 2h8m-3-3 3 3-3 3" strokeLinecap="round" />
          </svg>
          {action.label}
          <span className="sr-only"> for {revealInvisible(person.email)}</span>
        </Command.Item>
      ) : null}
    </>
  );
}
