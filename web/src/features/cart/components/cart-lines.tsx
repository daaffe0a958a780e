import { ActionIcon, Anchor, Badge, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconStack2, IconSteeringWheel, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatPrice } from '../../../shared/format';
import { gameNames } from '../../../shared/skin-card';
import { CountryFlag } from '../../../shared/ui/country-flag';
import { cartMessages } from '../cart.messages';
import type { CartLine } from '../hooks/use-cart-items';
import classes from './cart-lines.module.css';

function LinePicture({ line }: { line: CartLine }) {
  const src = line.item.thumbnail?.cardUrl;
  const alt = cartMessages.previewAlt(line.item.title);
  if (src)
    return (
      <img
        src={src}
        alt={alt}
        className={classes.picture}
        width={160}
        height={90}
        loading="lazy"
        decoding="async"
      />
    );
  return (
    <div className={classes.picture} role="img" aria-label={alt}>
      {line.kind === 'bundle' ? (
        <IconStack2 size={28} stroke={1.4} aria-hidden />
      ) : (
        <IconSteeringWheel size={28} stroke={1.4} aria-hidden />
      )}
    </div>
  );
}

/** One item of the cart: picture, kind, title (a link), author, game, price and removal. */
function CartLineRow({ line, onRemove }: { line: CartLine; onRemove: () => void }) {
  const { item } = line;
  const path = `/${line.kind === 'skin' ? 'skins' : 'bundles'}/${encodeURIComponent(item.url)}`;
  const game = gameNames[item.type];
  return (
    <li className={classes.line}>
      <Link to={path} tabIndex={-1} aria-hidden className={classes.pictureLink}>
        <LinePicture line={line} />
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
      </Stack>
      <Text className={classes.price} fw={800} size="lg">
        {formatPrice(item.price)}
      </Text>
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

export function CartLines({
  lines,
  onRemove,
}: {
  lines: readonly CartLine[];
  onRemove: (line: CartLine) => void;
}) {
  return (
    <ul className={classes.lines} aria-label={cartMessages.inYourCart}>
      {lines.map((line) => (
        <CartLineRow key={`${line.kind}-${line.id}`} line={line} onRemove={() => onRemove(line)} />
      ))}
    </ul>
  );
}
