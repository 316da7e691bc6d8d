/**
 * A person the command menu found: the address with its whitelist and confirmation state, and
 * what choosing it does, said at its right (an admin's whitelist change, or showing the address
 * in the list).
 */
import { Command } from 'cmdk';
import type { UserRecord } from '../../../../../contract/admin.ts';
import { ConfirmationBadge } from '../../lists/components/confirmation-badge.tsx';
import { WhitelistBadge } from '../../lists/components/whitelist-badge.tsx';
import { AddressText } from '../../shared/components/address-text.tsx';
import { commandItemClass } from './command-styles.ts';

/** The item's value in the menu: what the menu selects by. */
export function personValue(email: string) {
  return `person:${email}`;
}

export function CommandPerson({
  person,
  action,
  onSelect,
}: {
  person: UserRecord;
  /** What choosing the person does, in a few words. */
  action: string;
  onSelect: () => void;
}) {
  return (
    <Command.Item
      value={personValue(person.email)}
      onSelect={onSelect}
      className={`${commandItemClass} flex-col items-stretch gap-1 sm:flex-row sm:items-center sm:justify-between`}
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
      <span className="shrink-0 text-xs font-semibold text-gold-300 sm:text-right">{action}</span>
    </Command.Item>
  );
}
