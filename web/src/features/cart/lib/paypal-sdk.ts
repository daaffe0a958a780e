// PayPal's JS SDK (the buttons), loaded with a script tag when the server gives a client id.
// Only the parts this page uses are typed.

export interface PaypalButtonsActions {
  resolve: () => Promise<void>;
  reject: () => Promise<void>;
}

export interface PaypalButtonsOptions {
  style?: {
    layout?: 'vertical' | 'horizontal';
    color?: 'gold' | 'blue' | 'silver' | 'white' | 'black';
    shape?: 'rect' | 'pill';
    label?: 'paypal' | 'checkout' | 'buynow' | 'pay';
    height?: number;
    tagline?: boolean;
  };
  /** Runs when a button is clicked; `actions.reject()` keeps PayPal's window from opening. */
  onClick?: (data: unknown, actions: PaypalButtonsActions) => Promise<void> | void;
  /** Resolves with the PayPal order id (from our server). */
  createOrder: () => Promise<string>;
  onApprove: (data: { orderID: string }) => Promise<void>;
  onCancel?: () => void;
  onError?: (error: unknown) => void;
}

export interface PaypalButtonsInstance {
  render: (container: HTMLElement) => Promise<void>;
  close: () => Promise<void>;
  isEligible: () => boolean;
}

export interface PaypalNamespace {
  Buttons: (options: PaypalButtonsOptions) => PaypalButtonsInstance;
}

declare global {
  interface Window {
    paypal?: PaypalNamespace;
  }
}

const loading = new Map<string, Promise<PaypalNamespace>>();

/** https://www.paypal.com/sdk/js for a client id, in euros (spec 1); loaded once per page. */
export function paypalSdkUrl(clientId: string): string {
  const query = new URLSearchParams({
    'client-id': clientId,
    currency: 'EUR',
    intent: 'capture',
    components: 'buttons',
  });
  return `https://www.paypal.com/sdk/js?${query.toString()}`;
}

export function loadPaypalSdk(clientId: string): Promise<PaypalNamespace> {
  const known = loading.get(clientId);
  if (known) return known;
  const promise = new Promise<PaypalNamespace>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = paypalSdkUrl(clientId);
    script.async = true;
    script.dataset.namespace = 'paypal';
    script.onload = () => {
      if (window.paypal) resolve(window.paypal);
      else reject(new Error('PayPal SDK loaded without its namespace'));
    };
    script.onerror = () => {
      // Let a later visit try again.
      loading.delete(clientId);
      script.remove();
      reject(new Error('PayPal SDK could not be loaded'));
    };
    document.head.appendChild(script);
  });
  loading.set(clientId, promise);
  return promise;
}
