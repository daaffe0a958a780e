import { Text } from '@mantine/core';
import { formatFileSize } from '../../../shared/format';
import type { GameType } from '../../../shared/graphql/generated/graphql';
import { installFolder } from '../../../shared/install';
import { gameNames } from '../../../shared/skin-card';
import { skinsMessages as messages } from '../skins.messages';
import classes from './skin-archive-facts.module.css';

type Archive = { sizeBytes: number; files: readonly { name: string; sizeBytes: number }[] };

/**
 * What is in the file, before a download: the zip's size, which game and car it is for, and the
 * files in it with their sizes (as the upload check read them), in a list that opens on demand.
 */
export function SkinArchiveFacts({ archive, game }: { archive: Archive; game: GameType }) {
  const car = installFolder(game, 'windows')?.car ?? null;
  return (
    <section aria-labelledby="skin-archive-title" className={classes.box} data-testid="skin-archive">
      <Text fw={700} size="sm" id="skin-archive-title">
        {messages.archive.title}
      </Text>
      <Text size="sm">
        {messages.archive.summary(formatFileSize(archive.sizeBytes), archive.files.length)}
      </Text>
      <Text size="sm">{messages.archive.fits(gameNames[game].name, car)}</Text>
      <details className={classes.details}>
        <summary>{messages.archive.showFiles(archive.files.length)}</summary>
        <ul className={classes.files}>
          {archive.files.map((file) => (
            <li key={file.name}>
              <span className={classes.name}>{file.name}</span>
              <span className={classes.size}>{formatFileSize(file.sizeBytes)}</span>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
