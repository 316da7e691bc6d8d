/** GET /api/admin/person?email=: one address at a glance, for the person panel. */
import { useQuery } from '@tanstack/react-query';
import type { Person } from '../../../../../contract/person.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';
import { PERSON_KEY } from '../../shared/api/list-keys.ts';

export const PERSON_FAILED_MESSAGE = 'Failed to load this person';

export function getPerson(email: string, signal?: AbortSignal) {
  return adminRequest<Person>(`/admin/person?email=${encodeURIComponent(email)}`, {
    signal,
    label: 'admin_fetch_person',
    fallbackMessage: PERSON_FAILED_MESSAGE,
  });
}

/** The person of `email`; nothing is asked while no address is chosen. */
export function usePerson(email: string | null) {
  return useQuery({
    queryKey: [PERSON_KEY, email],
    queryFn: ({ signal }) => getPerson(email!, signal),
    enabled: email !== null,
  });
}
