import type { GlobalThemeOverrides } from 'naive-ui';

const shared: GlobalThemeOverrides['common'] = {
  borderRadius: '6px',
  fontSize: '14px',
};

/** Linkdeck's accent (indigo) on Naive UI's light and dark themes. */
export const lightOverrides: GlobalThemeOverrides = {
  common: {
    ...shared,
    primaryColor: '#4f46e5',
    primaryColorHover: '#6366f1',
    primaryColorPressed: '#4338ca',
    primaryColorSuppl: '#6366f1',
    bodyColor: '#f7f7fa',
  },
  Layout: { siderColor: '#ffffff', headerColor: '#ffffff', color: '#f7f7fa' },
};

export const darkOverrides: GlobalThemeOverrides = {
  common: {
    ...shared,
    primaryColor: '#818cf8',
    primaryColorHover: '#a5b4fc',
    primaryColorPressed: '#6366f1',
    primaryColorSuppl: '#a5b4fc',
  },
};
