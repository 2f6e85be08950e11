export { InvitePage as Component } from '../../features/auth/components/invite-page';
