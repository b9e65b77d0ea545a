import {
  type CSSVariablesResolver,
  createTheme,
  Drawer,
  type MantineColorsTuple,
  Modal,
  Notification,
  Pagination,
  Popover,
} from '@mantine/core';

/**
 * Mantine's palettes with shades 8 and 9 darkened to 5.9:1 on white where they were less (all but
 * indigo and gray): shade 8 is what filled badges and buttons, light badges' text and
 * coloured text use, so white on it, and it on a light tint or a hovered row, pass 4.5:1.
 */
const ACCESSIBLE_COLORS: Record<string, MantineColorsTuple> = {
  red: [
    '#fff5f5',
    '#ffe3e3',
    '#ffc9c9',
    '#ffa8a8',
    '#ff8787',
    '#ff6b6b',
    '#fa5252',
    '#f03e3e',
    '#bc2929',
    '#bd2727',
  ],
  pink: [
    '#fff0f6',
    '#ffdeeb',
    '#fcc2d7',
    '#faa2c1',
    '#f783ac',
    '#f06595',
    '#e64980',
    '#d6336c',
    '#ba2458',
    '#a61e4d',
  ],
  grape: [
    '#f8f0fc',
    '#f3d9fa',
    '#eebefa',
    '#e599f7',
    '#da77f2',
    '#cc5de8',
    '#be4bdb',
    '#ae3ec9',
    '#9935b1',
    '#862e9c',
  ],
  blue: [
    '#e7f5ff',
    '#d0ebff',
    '#a5d8ff',
    '#74c0fc',
    '#4dabf7',
    '#339af0',
    '#228be6',
    '#1c7ed6',
    '#1666af',
    '#1864ab',
  ],
  cyan: [
    '#e3fafc',
    '#c5f6fa',
    '#99e9f2',
    '#66d9e8',
    '#3bc9db',
    '#22b8cf',
    '#15aabf',
    '#1098ad',
    '#0a6d7d',
    '#0b6d80',
  ],
  teal: [
    '#e6fcf5',
    '#c3fae8',
    '#96f2d7',
    '#63e6be',
    '#38d9a9',
    '#20c997',
    '#12b886',
    '#0ca678',
    '#077251',
    '#077252',
  ],
  green: [
    '#ebfbee',
    '#d3f9d8',
    '#b2f2bb',
    '#8ce99a',
    '#69db7c',
    '#51cf66',
    '#40c057',
    '#37b24d',
    '#227231',
    '#237133',
  ],
  lime: [
    '#f4fce3',
    '#e9fac8',
    '#d8f5a2',
    '#c0eb75',
    '#a9e34b',
    '#94d82d',
    '#82c91e',
    '#74b816',
    '#436f0a',
    '#446e0a',
  ],
  yellow: [
    '#fff9db',
    '#fff3bf',
    '#ffec99',
    '#ffe066',
    '#ffd43b',
    '#fcc419',
    '#fab005',
    '#f59f00',
    '#905400',
    '#984f00',
  ],
  orange: [
    '#fff4e6',
    '#ffe8cc',
    '#ffd8a8',
    '#ffc078',
    '#ffa94d',
    '#ff922b',
    '#fd7e14',
    '#f76707',
    '#ac4209',
    '#b23b0c',
  ],
};

/**
 * WCAG 2.1 AA at the theme (issue 19): colours are taken one shade darker than Mantine's default so
 * coloured text and white text on filled buttons reach 4.5:1, `autoContrast` puts dark text on light
 * fills (yellow, lime), and every close button has a name.
 */
export const theme = createTheme({
  colors: ACCESSIBLE_COLORS,
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  focusRing: 'auto',
  components: {
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close drawer' } } }),
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
    }),
    // Every table's page arrows have names (the brand table's had none).
    Pagination: Pagination.extend({
      defaultProps: {
        getControlProps: (control) => ({
          'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page`,
        }),
      },
    }),
    Popover: Popover.extend({ defaultProps: { returnFocus: true } }),
  },
});

/**
 * One dimmed grey for secondary text (sidebar headings, captions, secondary table text): Mantine's
 * #868e96 is 3.3:1 on white; this is 5.8:1 on white and 5.2:1 on the light indigo of an active row.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5f666d',
    '--mantine-color-placeholder': '#6b7280',
    // Field errors (label text and message) in the darker red.
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: {},
});
