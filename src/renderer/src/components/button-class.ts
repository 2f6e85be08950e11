/** The public pages' buttons (plain CSS in antd's look; links styled as buttons use it too). */
export interface ButtonLook {
  variant?: 'primary' | 'default' | 'text';
  size?: 'small' | 'middle' | 'large';
  block?: boolean;
  danger?: boolean;
}

export function buttonClass({ variant = 'default', size = 'middle', block = false, danger = false }: ButtonLook = {}) {
  return [
    'tb-button',
    `tb-button-${variant}`,
    size !== 'middle' && `tb-button-${size}`,
    block && 'tb-button-block',
    danger && 'tb-button-danger',
  ]
    .filter(Boolean)
    .join(' ');
}
