export { TeamPage as Component } from '../../features/team/components/team-page';
