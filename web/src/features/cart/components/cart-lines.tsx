import {
  ActionIcon,
  Anchor,
  Badge,
  Group,
  NumberInput,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconHeartHandshake, IconStack2, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatAmount, formatPrice } from '../../../shared/format';
import { SaleNote } from '../../../shared/sale';
import { gameNames } from '../../../shared/skin-card';
import { CountryFlag } from '../../../shared/ui/country-flag';
import { cartMessages } from '../cart.messages';
import type { CartLine } from '../hooks/use-cart-items';
import type { AmountField, CheckedLine, LineChoice } from '../lib/cart-choices';
import classes from './cart-lines.module.css';
import { ItemPicture } from './item-picture';

const choiceTexts = cartMessages.choices;

/** The buyer's price for a pay-what-you-want item and a tip for the author, in euros. */
function LineChoices({
  line,
  choice,
  checked,
  onChoice,
}: {
  line: CartLine;
  choice: LineChoice;
  checked: CheckedLine;
  onChoice: (choice: LineChoice) => void;
}) {
  const { item } = line;
  const amountProps = {
    size: 'xs' as const,
    decimalScale: 2,
    decimalSeparator: ',',
    thousandSeparator: ' ',
    suffix: ' €',
    allowNegative: false,
    hideControls: true,
    w: 132,
  };
  return (
    <Group gap="sm" align="flex-start" wrap="wrap" className={classes.choices}>
      {item.payWhatYouWant ? (
        <NumberInput
          {...amountProps}
          label={choiceTexts.yourPrice}
          aria-label={choiceTexts.yourPriceLabel(item.title)}
          placeholder={formatAmount(item.price)}
          description={choiceTexts.atLeast(formatAmount(item.price))}
          min={item.price}
          max={500}
          value={choice.price}
          error={checked.priceError}
          onChange={(price: AmountField) => onChoice({ ...choice, price })}
        />
      ) : null}
      <NumberInput
        {...amountProps}
        label={choiceTexts.tip}
        aria-label={choiceTexts.tipLabel(item.title)}
        placeholder="0,00 €"
        min={0}
        max={100}
        leftSection={<IconHeartHandshake size={14} aria-hidden />}
        value={choice.tip}
        error={checked.tipError}
        onChange={(tip: AmountField) => onChoice({ ...choice, tip })}
      />
    </Group>
  );
}

/** One item of the cart: picture, kind, title (a link), author, game, choices, price and removal. */
function CartLineRow({
  line,
  onRemove,
  choice,
  checked,
  onChoice,
}: {
  line: CartLine;
  onRemove: () => void;
  choice: LineChoice;
  checked: CheckedLine;
  onChoice: (choice: LineChoice) => void;
}) {
  const { item } = line;
  const path = `/${line.kind === 'skin' ? 'skins' : 'bundles'}/${encodeURIComponent(item.url)}`;
  const game = gameNames[item.type];
  return (
    <li className={classes.line}>
      <Link to={path} tabIndex={-1} aria-hidden className={classes.pictureLink}>
        <ItemPicture
          kind={line.kind}
          src={line.item.thumbnail?.cardUrl}
          alt={cartMessages.previewAlt(line.item.title)}
        />
      </Link>
      <Stack gap={4} className={classes.details}>
        <Group gap={6} wrap="wrap">
          <Badge
            size="sm"
            radius="sm"
            variant="light"
            color={line.kind === 'bundle' ? 'magenta' : 'electric'}
            leftSection={line.kind === 'bundle' ? <IconStack2 size={12} aria-hidden /> : null}
          >
            {cartMessages.kind[line.kind]}
            {line.kind === 'bundle' ? ` · ${cartMessages.bundleSkins(line.item.skins.length)}` : ''}
          </Badge>
          <Tooltip label={game.name} openDelay={300}>
            <Badge size="sm" radius="sm" variant="outline" color="gray">
              <span aria-hidden>{game.short}</span>
              <VisuallyHidden>{game.name}</VisuallyHidden>
            </Badge>
          </Tooltip>
          {item.payWhatYouWant ? (
            <Badge size="sm" radius="sm" variant="light" color="teal">
              {choiceTexts.payWhatYouWant}
            </Badge>
          ) : null}
        </Group>
        <Anchor component={Link} to={path} className={classes.title} lineClamp={2}>
          {item.title}
        </Anchor>
        <Group gap={6} wrap="nowrap">
          <CountryFlag code={item.author.country} size="0.85rem" />
          <Text size="sm" c="dimmed">
            {cartMessages.byAuthor}{' '}
            <Anchor
              component={Link}
              to={`/authors/${encodeURIComponent(item.author.url)}`}
              inherit
              fw={600}
              c="var(--mantine-color-text)"
            >
              {item.author.username}
            </Anchor>
          </Text>
        </Group>
        <LineChoices line={line} choice={choice} checked={checked} onChoice={onChoice} />
      </Stack>
      <Stack gap={0} className={classes.price}>
        <Text fw={800} size="lg" inherit>
          {checked.tipCents > 0 || item.payWhatYouWant
            ? formatAmount((checked.priceCents + checked.tipCents) / 100)
            : formatPrice(item.price)}
        </Text>
        {checked.tipCents > 0 ? (
          <Text size="xs" c="dimmed">
            {choiceTexts.withTip(formatAmount(checked.tipCents / 100))}
          </Text>
        ) : null}
        {item.sale ? <SaleNote sale={item.sale} compact /> : null}
      </Stack>
      <Tooltip label={cartMessages.remove(item.title)} openDelay={300}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          className={classes.remove}
          aria-label={cartMessages.remove(item.title)}
          onClick={onRemove}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </li>
  );
}

const noChoice: LineChoice = { tip: '', price: '' };
const unchecked: CheckedLine = { priceCents: 0, tipCents: 0, tipError: null, priceError: null };

export function CartLines({
  lines,
  onRemove,
  choices,
  checked,
  onChoice,
}: {
  lines: readonly CartLine[];
  onRemove: (line: CartLine) => void;
  choices: Readonly<Record<string, LineChoice>>;
  checked: ReadonlyMap<string, CheckedLine>;
  onChoice: (line: CartLine, choice: LineChoice) => void;
}) {
  return (
    <ul className={classes.lines} aria-label={cartMessages.inYourCart}>
      {lines.map((line) => {
        const key = `${line.kind}:${line.id}`;
        return (
          <CartLineRow
            key={key}
            line={line}
            onRemove={() => onRemove(line)}
            choice={choices[key] ?? noChoice}
            checked={checked.get(key) ?? unchecked}
            onChoice={(choice) => onChoice(line, choice)}
          />
        );
      })}
    </ul>
  );
}
