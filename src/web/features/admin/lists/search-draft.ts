/**
 * The search box's draft after the address's search changed to `address`. The box writes its
 * draft to the address once the draft has settled (`settled`), and the address changes a moment
 * later, when the navigation completes: by then the person may have typed on, so the address
 * the box wrote itself leaves the draft as it is. Any other change (Back, a shared link, the
 * command menu) shows the address's search in the box.
 */
export function draftAfterAddressChange(draft: string, address: string, settled: string): string {
  if (address === settled || address === draft.trim()) return draft;
  return address;
}
