/**
 * One of antd's icons (an `@ant-design/icons-svg` definition) drawn as a bare <svg>: for the
 * public pages, which carry no antd. `@ant-design/icons` would bring its context and styles
 * along; a definition is only its paths, a few hundred bytes an icon.
 */
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/lib/types';
import { createElement, type ReactElement } from 'react';

const draw = (node: AbstractNode, key: number): ReactElement =>
  createElement(node.tag, { key, ...node.attrs }, ...(node.children ?? []).map(draw));

export function SvgIcon({ icon, className }: { icon: IconDefinition; className?: string }) {
  if (typeof icon.icon === 'function') return null;
  const { attrs, children = [] } = icon.icon;
  return (
    <svg
      viewBox={attrs.viewBox}
      className={className}
      width="1em"
      height="1em"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      {children.map(draw)}
    </svg>
  );
}
