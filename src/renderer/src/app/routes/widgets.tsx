export { WidgetsPage as Component } from '../../features/widgets/components/widgets-page';
