import { CloseButton, NativeSelect, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { IconArrowsSort, IconDeviceGamepad2, IconSearch } from '@tabler/icons-react';
import { gameNames, PUBLIC_GAMES } from '../skin-card/game-types';
import { ALL_GAMES } from './list-params';
import type { GameFilter } from './list-params';
import { listingMessages as messages } from './listing.messages';
import type { SearchBox } from './use-search-box';
import classes from './list-filter-bar.module.css';

const gameOptions = [
  ...PUBLIC_GAMES.map((game) => ({ value: game, label: gameNames[game].name })),
  { value: ALL_GAMES, label: messages.allGames },
];

export interface ListFilterBarProps<Sort extends string> {
  /** The landmark's name, e.g. 'Filter skins'. */
  label: string;
  search: Pick<SearchBox, 'input' | 'setInput' | 'applyNow' | 'clear'>;
  /** The search box's accessible name and placeholder ('Find bundle...'). */
  searchLabel: string;
  searchPlaceholder: string;
  /** The game select (TM2020 by default, the other public games and 'All games'). */
  game?: { value: GameFilter; onChange: (game: GameFilter) => void };
  sort?: { value: Sort; options: readonly { value: Sort; label: string }[]; onChange: (sort: Sort) => void };
  /** More filters of the list (skins: the price), on a row below. */
  children?: ReactNode;
}

/**
 * Search box, game filter and sort of a list (spec 2.6, 2.8), sticky above the grid on a desktop
 * (DESIGN.md); on a phone it scrolls away with the page, leaving the screen to the cards. The game
 * and the sort are the browser's own selects: the phone's native picker, and no dropdown code on the
 * list's first load.
 */
export function ListFilterBar<Sort extends string>({
  label,
  search,
  searchLabel,
  searchPlaceholder,
  game,
  sort,
  children,
}: ListFilterBarProps<Sort>) {
  // On a phone the selects drop their icons so that the game's name fits. Read at once: a first
  // render with icons and a second without would redraw the bar while the page loads.
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  return (
    <search className={classes.bar} aria-label={label}>
      <div className={classes.row} data-search-only={!game && !sort ? true : undefined}>
        <TextInput
          className={classes.search}
          type="search"
          aria-label={searchLabel}
          placeholder={searchPlaceholder}
          value={search.input}
          onChange={(event) => search.setInput(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') search.applyNow();
            if (event.key === 'Escape' && search.input !== '') search.clear();
          }}
          leftSection={<IconSearch size={18} aria-hidden />}
          rightSection={
            search.input ? <CloseButton aria-label={messages.clearSearch} onClick={search.clear} /> : null
          }
          maxLength={100}
          autoComplete="off"
          enterKeyHint="search"
        />
        {game ? (
          <NativeSelect
            aria-label={messages.game}
            data={gameOptions}
            value={game.value}
            onChange={(event) => game.onChange(event.currentTarget.value as GameFilter)}
            leftSection={phone ? null : <IconDeviceGamepad2 size={18} aria-hidden />}
          />
        ) : null}
        {sort ? (
          <NativeSelect
            aria-label={messages.sort}
            data={sort.options}
            value={sort.value}
            onChange={(event) => sort.onChange(event.currentTarget.value as Sort)}
            leftSection={phone ? null : <IconArrowsSort size={18} aria-hidden />}
          />
        ) : null}
      </div>
      {children ? <div className={classes.more}>{children}</div> : null}
    </search>
  );
}
