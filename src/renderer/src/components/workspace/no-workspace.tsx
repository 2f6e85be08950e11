import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { logOut } from '../../lib/session';
import { useSwitchWorkspace } from '../../lib/workspace/use-switch-workspace';
import { PublicPage } from '../public-page';
import { CreateWorkspaceForm } from './create-workspace-form';

/**
 * An account in no workspace at all (it left or was removed from every one): the way on is a
 * workspace of its own, or the link of an invitation.
 */
export function NoWorkspace() {
  const switchTo = useSwitchWorkspace();
  const navigate = useNavigate();
  return (
    <PublicPage title="Create a workspace">
      <p>
        You are not in any workspace yet. Create one to add widgets and read feedback, or open the link in an invitation
        you received to join a team.
      </p>
      <CreateWorkspaceForm onCreated={(workspace) => switchTo(workspace._id)} />
      <p className="tb-form-link">
        <Button
          type="link"
          onClick={() => {
            logOut();
            void navigate(paths.login);
          }}
        >
          Log out
        </Button>
      </p>
    </PublicPage>
  );
}
