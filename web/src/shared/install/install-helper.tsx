import { Anchor, Button, Code, CopyButton, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { GameType } from '../graphql/generated/graphql';
import { gameNames } from '../skin-card/game-types';
import { INSTALL_SYSTEMS, installFolder, installSystemNames, type InstallSystem } from './install-folders';
import { installMessages as messages } from './install.messages';

const systemOptions = INSTALL_SYSTEMS.map((system) => ({ value: system, label: installSystemNames[system] }));

/**
 * The exact folder a downloaded skin goes into for its game and the visitor's system (remembered in
 * the browser), with a copy button and the step that follows in the game. Shown after a download:
 * below the skin page's button, on the order confirmation page, and in the download's toast elsewhere.
 */
export function InstallHelper({ game, headingOrder = 3 }: { game: GameType; headingOrder?: 2 | 3 | 4 }) {
  const [system, setSystem] = useLocalStorage<InstallSystem>({
    key: 'install-system',
    defaultValue: 'windows',
    getInitialValueInEffect: false,
  });
  // Whatever another version left in the browser's storage, one of the systems offered.
  const chosen = (INSTALL_SYSTEMS as readonly string[]).includes(system) ? system : 'windows';
  const folder = installFolder(game, chosen);
  const gameName = gameNames[game].name;
  return (
    <Stack gap="xs" data-testid="install-helper">
      <Title order={headingOrder} size="h5">
        {messages.title}
      </Title>
      {folder ? (
        <>
          <NativeSelect
            size="xs"
            label={messages.system}
            data={systemOptions}
            value={chosen}
            onChange={(event) => setSystem(event.currentTarget.value as InstallSystem)}
          />
          <Text size="xs" c="dimmed" id={`install-folder-${game}`}>
            {messages.folder(gameName)}
          </Text>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Code
              block
              style={{ flex: 1, minWidth: 0, overflowWrap: 'break-word', whiteSpace: 'normal' }}
              aria-labelledby={`install-folder-${game}`}
              data-testid="install-folder"
            >
              {/* A long path breaks after a separator, never inside a folder's name. */}
              {folder.path.split(/(?<=[\\/])/).map((part, index) => (
                <span key={index}>
                  {part}
                  <wbr />
                </span>
              ))}
            </Code>
            <CopyButton value={folder.path} timeout={2000}>
              {({ copied, copy }) => (
                <Button
                  size="xs"
                  variant="light"
                  color={copied ? 'teal' : undefined}
                  onClick={copy}
                  aria-label={messages.copyLabel}
                  leftSection={
                    copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />
                  }
                >
                  {copied ? messages.copied : messages.copy}
                </Button>
              )}
            </CopyButton>
          </Group>
          {chosen === 'linux' ? (
            <Text size="xs" c="dimmed">
              {messages.linuxNote}
            </Text>
          ) : null}
          <Text size="sm">
            {folder.zip === 'keep' ? messages.keepZip(folder.car) : messages.extractZip(folder.car)}
          </Text>
        </>
      ) : (
        <Text size="sm">{messages.unknown(gameName)}</Text>
      )}
      <Anchor
        component={Link}
        to={`/installation-guide?game=${game === 'TM2020' ? 'tm2020' : 'tmufnf'}`}
        size="sm"
        fw={600}
      >
        {messages.guide}
      </Anchor>
    </Stack>
  );
}
