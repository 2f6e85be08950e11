import { Select, type SelectProps } from 'antd';
import {
  ASSIGNABLE_ROLES,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  type AssignableRole,
  type Role,
} from '../../../../../shared/roles';

const OPTIONS = ASSIGNABLE_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
/** An owner's role shows as such; it is changed only by a transfer, so it is never picked. */
const OWNER_OPTION = { value: 'owner' as const, label: ROLE_LABELS.owner, disabled: true };

export interface RoleSelectProps extends Pick<SelectProps, 'id' | 'size' | 'disabled' | 'loading' | 'status'> {
  value: Role;
  onChange: (role: AssignableRole) => void;
  /** The accessible name, where no label is drawn beside it. */
  ariaLabel?: string;
  ariaDescribedBy?: string;
}

/** A role to give: admin, member or viewer, each with what it may do written under its name. */
export function RoleSelect({ value, onChange, ariaLabel, ariaDescribedBy, ...props }: RoleSelectProps) {
  return (
    <Select<Role>
      {...props}
      className="tb-role-select"
      value={value}
      options={value === 'owner' ? [OWNER_OPTION, ...OPTIONS] : OPTIONS}
      aria-label={ariaLabel}
      aria-describedby={ariaDescribedBy}
      popupMatchSelectWidth={false}
      onChange={(role) => role !== 'owner' && onChange(role)}
      optionRender={(option) => (
        <span className="tb-role-option">
          <span className="tb-role-option-name">{option.label}</span>
          <span className="tb-role-option-description">{ROLE_DESCRIPTIONS[option.value as Role]}</span>
        </span>
      )}
      classNames={{ popup: { root: 'tb-role-select-popup' } }}
    />
  );
}
