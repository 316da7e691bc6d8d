/**
 * The ids of templates that more than one feature reads the outbox by: the lists count sent
 * invitations, access sends them. The templates themselves live beside the flow that sends them.
 */
export const INVITATION_TEMPLATE_ID = 'early-access-invitation';
