import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** In place of the post form while the owner has no widget to post in. */
export function NoWidgetNotice() {
  return (
    <div className="tb-no-widget" role="status">
      <p>News posts are shown inside a widget, and you have none yet.</p>
      <Link to={paths.widgets}>Create a widget first</Link>
    </div>
  );
}
