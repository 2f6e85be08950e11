// @vitest-environment jsdom
import '../testing/setup';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { mockWindowWidth, type WindowWidth } from '../testing/window-width';
import { useListLayout } from './use-list-layout';

function Probe() {
  return <output aria-label="layout">{useListLayout()}</output>;
}

let screenWidth: WindowWidth | undefined;
afterEach(() => screenWidth?.restore());

describe('useListLayout', () => {
  test.each([
    [375, 'cards'],
    [767, 'cards'],
    [768, 'compact'],
    [1279, 'compact'],
    [1280, 'full'],
    [1440, 'full'],
  ])('at %i px the lists are %s', (width, layout) => {
    screenWidth = mockWindowWidth(width);
    render(<Probe />);
    expect(screen.getByLabelText('layout')).toHaveTextContent(layout);
  });

  test('follows the window as it is resized', () => {
    screenWidth = mockWindowWidth(1440);
    render(<Probe />);
    act(() => screenWidth?.resize(900));
    expect(screen.getByLabelText('layout')).toHaveTextContent('compact');
    act(() => screenWidth?.resize(375));
    expect(screen.getByLabelText('layout')).toHaveTextContent('cards');
    act(() => screenWidth?.resize(1280));
    expect(screen.getByLabelText('layout')).toHaveTextContent('full');
  });

  test('a window that answers no media query (a test without a width) gets the full table', () => {
    render(<Probe />);
    expect(screen.getByLabelText('layout')).toHaveTextContent('full');
  });
});
