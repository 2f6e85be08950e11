export { NewsPage as Component } from '../../features/news/components/news-page';
