export { FeedbackPage as Component } from '../../features/feedback/components/feedback-page';
