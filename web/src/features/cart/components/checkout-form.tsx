import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Divider,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconBrandPaypal, IconCreditCard } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from 'urql';
import { useErrorsAfterSubmit } from '../../../shared/forms';
import type { RestAnswer } from '../../../shared/http';
import { useRefreshOwnership } from '../../../shared/ownership';
import { useSession } from '../../../shared/session';
import { CountrySelect } from '../../../shared/ui/country-select';
import { useSuggestedCountry } from '../../../shared/ui/suggested-country';
import { withdrawalMessages } from '../../../shared/withdrawal';
import { GIFT_NOTE_MAX } from '../../../../../domain/gifts/gift.schemas';
import { cartMessages } from '../cart.messages';
import type { CheckoutConfig } from '../lib/checkout-api';
import {
  capturePaypalOrder,
  confirmationPathOf,
  createPaypalOrder,
  startCardCheckout,
} from '../lib/checkout-api';
import { CheckoutProfileQuery } from '../lib/cart.documents';
import { CHECKOUT_FIELDS, checkoutOrder, validateCheckout } from '../lib/checkout-form';
import type { CheckoutChoices, CheckoutValues } from '../lib/checkout-form';
import { CheckoutTrust } from './checkout-trust';
import { CheckoutVat } from './checkout-vat';
import { DiscountCodeField } from './discount-code-field';
import { LocalPaypalModal } from './local-paypal-modal';
import { PaypalButtons } from './paypal-buttons';

const texts = cartMessages.form;

/** Thrown inside PayPal's createOrder once the refusal has been shown, so onError stays quiet. */
class ShownError extends Error {}

function NewTabLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} target="_blank" rel="noopener" inherit fw={600}>
      {children}
      <VisuallyHidden> {texts.opensInNewTab}</VisuallyHidden>
    </Anchor>
  );
}

export interface CheckoutFormProps {
  /** The payment options the server offers; null while they load. */
  config: CheckoutConfig | null;
  configFailed: boolean;
  items: { skins: number[]; bundles: number[] };
  /** The buyer's tips and chosen prices; null while one of the fields is invalid. */
  choices: CheckoutChoices | null;
  totalCents: number;
  /** False while the cart is still loading or empty. */
  ready: boolean;
  /** The server refused the items: the page reloads them. */
  onItemsRefused: () => void;
  /** The discount code the quote applied and what it takes off (null: none), for the cart's total. */
  onCodeApplied?: (applied: { code: string; cents: number } | null) => void;
}

/**
 * Spec 2.12 and 5: email (read-only when the account gives it), full name, country, the two required
 * checkboxes; then the card button (spec 8: 400-499 marks the form, 500 and above a toast) and PayPal
 * (decisions.md: create-order 4xx marks the form, 5xx a toast; a refused capture goes to the failed page).
 */
export function CheckoutForm({
  config,
  configFailed,
  items,
  choices,
  totalCents,
  ready,
  onItemsRefused,
  onCodeApplied,
}: CheckoutFormProps) {
  const { user, token, hasRoles } = useSession();
  const navigate = useNavigate();
  const refreshOwnership = useRefreshOwnership();
  const [paying, setPaying] = useState<'card' | 'paypal' | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [localOrder, setLocalOrder] = useState<string | null>(null);
  // The discount code the quote and the checkout carry, and why the server refused the last one.
  const [code, setCode] = useState<string | null>(null);
  const [codeRefusal, setCodeRefusal] = useState<string | null>(null);
  const refuseCode = (message: string) => {
    setCode(null);
    setCodeRefusal(message);
  };
  const withCode: CheckoutChoices | null = choices && { ...choices, ...(code ? { code } : {}) };
  const [approving, setApproving] = useState(false);
  const accountEmail = user?.email ?? '';
  const form = useForm<CheckoutValues>({
    initialValues: {
      email: accountEmail,
      // The token's name is the full name when the profile has one, else the username.
      fullname: user && user.name !== user.username ? user.name : '',
      // The account's country; else the one the visitor's address or language suggests (below).
      country: user?.country || null,
      termsAccepted: false,
      reminderAccepted: false,
      // Never ticked for the buyer: the consent to immediate delivery must be their own act.
      deliveryNowConsent: false,
      withdrawalLossAcknowledged: false,
      vatId: '',
      countryConfirmed: false,
      isGift: false,
      giftRecipientEmail: '',
      giftNote: '',
    },
    validate: validateCheckout,
    // The typed fields are checked as the buyer leaves them; the boxes when paying.
    validateInputOnBlur: ['email', 'fullname', 'country'],
    clearInputErrorOnChange: false,
  });
  const errors = useErrorsAfterSubmit(form);

  // A signed-in buyer's name and country come from the profile (the session has only the name it
  // was issued with); a field the buyer already changed is left alone.
  const [profile] = useQuery({ query: CheckoutProfileQuery, pause: !user });
  const myUser = profile.data?.myUser;
  const setInitial = form.setFieldValue;
  const isTouched = form.isTouched;
  useEffect(() => {
    if (!myUser) return;
    if (myUser.fullname?.trim() && !isTouched('fullname')) setInitial('fullname', myUser.fullname.trim());
    if (myUser.country && !isTouched('country')) setInitial('country', myUser.country);
    // Once per profile answer: the form's functions change identity on every render.
  }, [myUser]);
  // A guest, or an account without a country once its profile has answered: the server's guess.
  const countryGuess = useSuggestedCountry({
    value: form.values.country,
    set: (country) => setInitial('country', country),
    enabled: !user || (profile.data !== undefined && !myUser?.country),
  });

  /** Where PayPal buyers land (spec 2.2): their collection, or /success and /failed for guests. */
  const resultPath = (result: 'success' | 'failed') =>
    user && hasRoles(['regular']) ? `/me/collection/${result}` : `/${result}`;

  /** A 4xx answer: the field the server names, or a message above the buttons. */
  const markRefusal = (answer: RestAnswer) => {
    const named = answer.refusal?.field ?? null;
    // The gift's fields come back as `gift.recipientEmail` and `gift.note`.
    const field =
      named === 'gift.recipientEmail' || named === 'gift'
        ? 'giftRecipientEmail'
        : named === 'gift.note'
          ? 'giftNote'
          : named;
    const message = answer.refusal?.message ?? null;
    if (field && (CHECKOUT_FIELDS as readonly string[]).includes(field)) {
      errors.setServerError(field, message ?? texts.refused);
      // The VAT refusals say what to do (confirm the country, fix the VAT ID): shown in full too.
      setRefusal(
        field === 'countryConfirmed' || field === 'vatId' ? (message ?? texts.refused) : texts.refused,
      );
    } else if (field === 'code') {
      refuseCode(message ?? texts.refused);
      setRefusal(message ?? texts.refused);
    } else if (field === 'tips' || field === 'prices') {
      setRefusal(message ?? cartMessages.choices.invalid);
    } else if (field === 'skins' || field === 'bundles' || field === 'items') {
      setRefusal(message ?? texts.refusedItems);
      onItemsRefused();
    } else {
      setRefusal(message ?? texts.refused);
    }
  };

  const payByCard = async (values: CheckoutValues) => {
    setRefusal(null);
    setPaying('card');
    const answer = await startCardCheckout(checkoutOrder(values, items, withCode ?? undefined), token);
    const next = answer.text.trim();
    if (answer.ok && next) {
      // The provider's page (or the local checkout page) takes over; the button stays busy.
      window.location.assign(next);
      return;
    }
    setPaying(null);
    if (answer.status >= 400 && answer.status < 500) markRefusal(answer);
    else notifications.show({ color: 'red', message: cartMessages.cardUnreachable });
  };

  /** POST create-order; marks the form or shows the toast and throws when it is refused. */
  const createOrder = async (values: CheckoutValues): Promise<string> => {
    setRefusal(null);
    const answer = await createPaypalOrder(checkoutOrder(values, items, withCode ?? undefined), token);
    const orderId = answer.text.trim();
    if (answer.ok && orderId) return orderId;
    if (answer.status >= 400 && answer.status < 500) markRefusal(answer);
    else notifications.show({ color: 'red', message: cartMessages.paypalUnreachable });
    throw new ShownError(`create-order answered ${answer.status}`);
  };

  /**
   * After the buyer approved: capture, then the order's confirmation page the server names (spec 8's
   * success page when it names none), or the failed page.
   */
  const capture = async (orderId: string) => {
    const answer = await capturePaypalOrder(orderId, token);
    if (answer.ok) await refreshOwnership();
    const confirmation = answer.ok ? confirmationPathOf(answer.text) : null;
    void navigate(confirmation ?? resultPath(answer.ok ? 'success' : 'failed'));
  };

  const payWithLocalPaypal = async (values: CheckoutValues) => {
    setPaying('paypal');
    try {
      setLocalOrder(await createOrder(values));
    } catch {
      // Shown by createOrder.
    } finally {
      setPaying(null);
    }
  };

  const approveLocal = async () => {
    if (!localOrder) return;
    setApproving(true);
    await capture(localOrder);
    setApproving(false);
    setLocalOrder(null);
  };

  const cancelled = () => notifications.show({ color: 'gray', message: cartMessages.paypalCancelled });

  /** PayPal's real buttons validate before their window opens. */
  const validateForPaypal = () => {
    errors.onSubmit(() => undefined)();
    return !form.validate().hasErrors;
  };

  const busy = paying !== null || approving;
  const disabled = !ready || busy || choices === null;

  let paypal: ReactNode = null;
  if (!config) {
    paypal = configFailed ? null : <Skeleton h={44} />;
  } else if (config.paypal) {
    paypal = (
      <PaypalButtons
        clientId={config.paypal.clientId}
        disabled={disabled}
        validate={validateForPaypal}
        createOrder={() => createOrder(form.getValues())}
        onApprove={capture}
        onCancel={cancelled}
        onError={(error) => {
          if (error instanceof ShownError) return;
          console.error('PayPal reported an error', error);
          notifications.show({ color: 'red', message: cartMessages.paypalUnreachable });
        }}
      />
    );
  } else if (config.paypalLocal) {
    paypal = (
      <Button
        type="button"
        size="lg"
        fullWidth
        color="yellow"
        c="dark.9"
        leftSection={<IconBrandPaypal size={20} aria-hidden />}
        loading={paying === 'paypal'}
        disabled={disabled && paying !== 'paypal'}
        onClick={() => errors.onSubmit(payWithLocalPaypal)()}
      >
        {texts.payWithPaypal}
      </Button>
    );
  }

  return (
    <form onSubmit={errors.onSubmit(payByCard)} noValidate aria-label={texts.title}>
      <Stack gap="md">
        <TextInput
          type="email"
          label={texts.email}
          autoComplete="email"
          required
          readOnly={accountEmail !== ''}
          description={accountEmail ? texts.emailFromAccount : texts.intro}
          variant={accountEmail ? 'filled' : 'default'}
          {...form.getInputProps('email')}
        />
        <TextInput
          label={texts.fullname}
          autoComplete="name"
          required
          maxLength={120}
          {...form.getInputProps('fullname')}
        />
        <CountrySelect
          label={texts.country}
          placeholder={texts.countryPlaceholder}
          autoComplete="off"
          required
          guessNote={countryGuess}
          {...form.getInputProps('country')}
        />
        <DiscountCodeField
          applied={code}
          refusal={codeRefusal}
          onApply={(typed) => {
            setCodeRefusal(null);
            setCode(typed);
          }}
          onRemove={() => {
            setCodeRefusal(null);
            setCode(null);
          }}
        />
        <CheckoutVat
          form={form}
          items={items}
          choices={withCode}
          onCodeRefused={refuseCode}
          onCodeApplied={onCodeApplied}
        />
        <Stack gap="xs">
          <Checkbox
            label={texts.isGift}
            description={texts.isGiftHint}
            {...form.getInputProps('isGift', { type: 'checkbox' })}
          />
          {form.values.isGift ? (
            <>
              <TextInput
                type="email"
                label={texts.giftRecipientEmail}
                autoComplete="off"
                required
                {...form.getInputProps('giftRecipientEmail')}
              />
              <Textarea
                label={texts.giftNote}
                autosize
                minRows={2}
                maxLength={GIFT_NOTE_MAX}
                description={texts.giftNoteCount(form.values.giftNote.length, GIFT_NOTE_MAX)}
                {...form.getInputProps('giftNote')}
              />
            </>
          ) : null}
        </Stack>
        <Checkbox
          label={
            <>
              {texts.termsBefore}
              <NewTabLink to="/terms-of-service">{texts.terms}</NewTabLink>
              {texts.termsComma}
              <NewTabLink to="/privacy">{texts.privacy}</NewTabLink>
              {texts.termsAnd}
              <NewTabLink to="/refunds">{texts.refunds}</NewTabLink>
              {texts.termsAfter}
            </>
          }
          {...form.getInputProps('termsAccepted', { type: 'checkbox' })}
        />
        <Checkbox label={texts.reminder} {...form.getInputProps('reminderAccepted', { type: 'checkbox' })} />
        <fieldset className="withdrawal-consent" style={{ border: 0, padding: 0, margin: 0 }}>
          <VisuallyHidden component="legend">{withdrawalMessages.checkoutLegend}</VisuallyHidden>
          <Stack gap="xs">
            <Checkbox
              label={withdrawalMessages.deliveryNow}
              {...form.getInputProps('deliveryNowConsent', { type: 'checkbox' })}
            />
            <Checkbox
              label={withdrawalMessages.acknowledgement}
              {...form.getInputProps('withdrawalLossAcknowledged', { type: 'checkbox' })}
            />
            <Text size="xs" c="dimmed">
              {withdrawalMessages.checkoutHint}
            </Text>
          </Stack>
        </fieldset>

        {refusal ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {refusal}
          </Alert>
        ) : choices === null && ready ? (
          <Alert color="yellow" variant="light" icon={<IconAlertCircle />}>
            {cartMessages.choices.invalid}
          </Alert>
        ) : null}

        <Divider label={texts.payWith} labelPosition="center" mt="xs" />
        <Button
          type="submit"
          size="lg"
          fullWidth
          leftSection={<IconCreditCard size={20} aria-hidden />}
          loading={paying === 'card'}
          disabled={disabled && paying !== 'card'}
        >
          {texts.payByCard}
        </Button>
        {paypal ? (
          <>
            <Divider label={texts.or} labelPosition="center" />
            {paypal}
          </>
        ) : null}
        <CheckoutTrust config={config} />
      </Stack>
      <LocalPaypalModal
        orderId={localOrder}
        totalCents={totalCents}
        approving={approving}
        onApprove={() => void approveLocal()}
        onCancel={() => {
          setLocalOrder(null);
          cancelled();
        }}
      />
    </form>
  );
}
