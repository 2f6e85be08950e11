/** antd's notification outside any antd App: the public pages' toasts, in the console's theme and places. */
import { ConfigProvider, notification } from 'antd';
import { tellboxTheme } from './antd-theme';
import { isPhone, PHONE_TOASTS, toastPlacement, WIDE_TOASTS } from './toast-placement';
import { antdToasts } from './antd-toasts';

ConfigProvider.config({ holderRender: (children) => <ConfigProvider theme={tellboxTheme}>{children}</ConfigProvider> });
notification.config({ top: PHONE_TOASTS.top, bottom: WIDE_TOASTS.bottom });

export const staticToasts = antdToasts(notification, () => ({ placement: toastPlacement(isPhone()).placement }));
