import { Accordion, Alert, Code, List, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCar,
  IconDownload,
  IconFileZip,
  IconFlag,
  IconFolderQuestion,
  IconInfoCircle,
  IconLifebuoy,
  IconLock,
} from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { ContactEmail, PageLink } from '../components/links';
import { P, Section } from '../components/section';
import type { Screenshot } from '../components/screenshots';
import { ScreenshotThumb, useScreenshotLightbox } from '../components/screenshots';
import { StaticPage } from '../components/static-page';
import type { GuideStep } from '../components/step-list';
import { StepList } from '../components/step-list';
import tm2020FolderUrl from '../images/tm2020-carsport-folder.svg';
import tm2020GarageUrl from '../images/tm2020-profile-garage.svg';
import tm2020UploadUrl from '../images/tm2020-upload-skin.svg';
import tmfFolderUrl from '../images/tmf-carcommon-folder.svg';
import tmfExtractUrl from '../images/tmf-extract-carcommon.svg';
import tmfProfileUrl from '../images/tmf-profile-vehicles.svg';
import zipStructureUrl from '../images/zip-structure.svg';

/** Values of the `game` query parameter; the first is the default. */
const GAMES = ['tm2020', 'tmufnf'] as const;
type Game = (typeof GAMES)[number];

function parseGame(value: string | null): Game {
  return GAMES.find((game) => game === value) ?? 'tm2020';
}

const shots = {
  tm2020Folder: {
    src: tm2020FolderUrl,
    alt: 'File Explorer open at Documents, Trackmania, Skins, Models, CarSport. The downloaded file NeonRunner_TrackSkins.zip is in the folder, still zipped.',
    caption: 'The .zip goes into Documents / Trackmania / Skins / Models / CarSport.',
  },
  tm2020Garage: {
    src: tm2020GarageUrl,
    alt: 'Game menu illustration: the profile button at the top right is marked 1; in the profile menu that opens, Garage is marked 2.',
    caption: 'Open your profile, then Garage.',
  },
  tm2020Upload: {
    src: tm2020UploadUrl,
    alt: 'Garage illustration: the Upload skin button is marked 3; below it, the list of files from the CarSport folder with NeonRunner_TrackSkins.zip selected is marked 4.',
    caption: 'Upload skin, then pick the .zip from the list.',
  },
  tmfFolder: {
    src: tmfFolderUrl,
    alt: 'File Explorer open at Documents, TrackMania, Skins, Vehicles. Next to the StadiumCar folder, a new folder is being named Carcommon.',
    caption: 'Create the folder Carcommon in Documents / TrackMania / Skins / Vehicles.',
  },
  tmfExtract: {
    src: tmfExtractUrl,
    alt: 'The Windows Extract Compressed (Zipped) Folders dialog, opened with Extract All on the downloaded zip. The destination is set to Documents, TrackMania, Skins, Vehicles, Carcommon.',
    caption: 'Extract All… and point the destination at the Carcommon folder.',
  },
  tmfProfile: {
    src: tmfProfileUrl,
    alt: 'TrackMania Forever profile illustration: Profile (1), the Vehicles tab (2), StadiumCar (3), the NeonRunner skin (4) and the ticked option Use model for all cars (5).',
    caption: 'Profile › Vehicles › StadiumCar › the skin › Use model for all cars.',
  },
  zipStructure: {
    src: zipStructureUrl,
    alt: 'Three examples of a skin archive. Correct: NeonRunner.zip contains the skin files directly. Wrong: NeonRunner.zip contains a folder NeonRunner with the files inside. Wrong: NeonRunner.rar, a RAR archive.',
    caption: 'Files directly in the .zip: good. An extra folder or a .rar: the game will not find the skin.',
  },
} satisfies Record<string, Screenshot>;

const tm2020Steps: GuideStep[] = [
  {
    title: 'Download the skin',
    body: (
      <>
        Free skins download straight from their page. Skins you bought are in{' '}
        <PageLink to="/me/collection">My Collection</PageLink>, and if you bought as a guest, the download
        link is in your confirmation e-mail. You get a single <Code>.zip</Code> file.{' '}
        <strong>Do not unzip it</strong> – Trackmania (2020) reads the archive as it is.
      </>
    ),
  },
  {
    title: 'Put the .zip into the CarSport folder',
    body: (
      <>
        Move the file into <Code>Documents / Trackmania / Skins / Models / CarSport</Code>. The game creates{' '}
        <Code>Documents / Trackmania</Code> the first time it runs; if <Code>Skins</Code>, <Code>Models</Code>{' '}
        or <Code>CarSport</Code> is missing, create it yourself, spelled exactly like this. If your Documents
        folder is synced with OneDrive, use the <Code>Trackmania</Code> folder the game has already made
        there.
      </>
    ),
    screenshot: shots.tm2020Folder,
  },
  {
    title: 'Start the game and open Garage',
    body: 'In the game, open your profile and choose Garage. It is the place where your car and its skins are managed.',
    screenshot: shots.tm2020Garage,
  },
  {
    title: 'Upload the skin',
    body: (
      <>
        Choose <strong>Upload skin</strong>. The game lists the <Code>.zip</Code> files from the CarSport
        folder; pick the one you just saved and confirm. After a short upload the skin is on your car.
      </>
    ),
    screenshot: shots.tm2020Upload,
  },
  {
    title: 'Drive',
    body: 'Start any track and enjoy the new look. To switch back, choose another skin in the Garage at any time.',
  },
];

const foreverSteps: GuideStep[] = [
  {
    title: 'Download the skin',
    body: (
      <>
        Download the <Code>.zip</Code> from the skin&apos;s page (free skins), from{' '}
        <PageLink to="/me/collection">My Collection</PageLink> or from the link in your purchase e-mail.
      </>
    ),
  },
  {
    title: 'Create the Carcommon folder',
    body: (
      <>
        Open <Code>Documents / TrackMania / Skins / Vehicles</Code> and create a new folder named{' '}
        <Code>Carcommon</Code> (right-click an empty spot › New › Folder). If it is already there from an
        earlier skin, just use it.
      </>
    ),
    screenshot: shots.tmfFolder,
  },
  {
    title: 'Extract the .zip into Carcommon',
    body: (
      <>
        Right-click the downloaded file, choose <strong>Extract All…</strong> and set the destination to the{' '}
        <Code>Carcommon</Code> folder. Windows likes to add the archive&apos;s name as a new folder at the end
        of the path – remove it, so the files land directly in <Code>Carcommon</Code>.
      </>
    ),
    screenshot: shots.tmfExtract,
  },
  {
    title: 'Pick the skin in the game',
    body: (
      <>
        Start TrackMania Nations Forever or United Forever and go to <strong>Profile</strong> ›{' '}
        <strong>Vehicles</strong> › <strong>StadiumCar</strong>. Select the skin, tick{' '}
        <strong>Use model for all cars</strong> and confirm.
      </>
    ),
    screenshot: shots.tmfProfile,
  },
];

function Tm2020Guide() {
  const gallery = [shots.tm2020Folder, shots.tm2020Garage, shots.tm2020Upload];
  const { open, lightbox } = useScreenshotLightbox(gallery);
  return (
    <Stack gap="lg">
      <Title order={2} fz={{ base: 22, sm: 26 }}>
        Installing a skin in Trackmania (2020)
      </Title>
      <Alert
        variant="light"
        color="yellow"
        title="Custom skins need club access"
        icon={<IconAlertTriangle aria-hidden />}
      >
        Trackmania (2020) only lets players with the paid club access upload custom skins. Players without it
        have no known way to use them, so please check your access before you buy a 2020 skin.
      </Alert>
      <StepList steps={tm2020Steps} onOpenScreenshot={open} />
      {lightbox}
    </Stack>
  );
}

function ForeverGuide() {
  const gallery = [shots.tmfFolder, shots.tmfExtract, shots.tmfProfile];
  const { open, lightbox } = useScreenshotLightbox(gallery);
  return (
    <Stack gap="lg">
      <Title order={2} fz={{ base: 22, sm: 26 }}>
        Installing a skin in TrackMania Nations Forever or United Forever
      </Title>
      <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />}>
        The Forever games are free and need no extra access: any player can use custom skins. The steps are
        the same for Nations Forever and United Forever.
      </Alert>
      <StepList steps={foreverSteps} onOpenScreenshot={open} />
      {lightbox}
    </Stack>
  );
}

function Troubleshooting() {
  const { open, lightbox } = useScreenshotLightbox([shots.zipStructure]);
  return (
    <Section id="troubleshooting" title="Troubleshooting">
      <P>
        Most problems come down to the archive or the folder. Check these first – they fix nearly every case
        we hear about.
      </P>
      <Accordion variant="separated" radius="md" order={3} multiple defaultValue={['archive']}>
        <Accordion.Item value="archive">
          <Accordion.Control icon={<IconFileZip size={18} aria-hidden />}>
            The game does not show the skin
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap="sm">
              <Text lh={1.7}>The game only understands a skin that is packed the right way:</Text>
              <List spacing="xs" withPadding>
                <List.Item>
                  The file must be a <Code>.zip</Code>. A <Code>.rar</Code> or <Code>.7z</Code> archive is not
                  read – if you re-packed the download, pack it as a .zip again.
                </List.Item>
                <List.Item>
                  The skin&apos;s files must sit directly in the .zip, not inside an extra folder within it.
                  Open the archive: if all you see is one folder, unzip it, select the files inside that
                  folder and zip them together (Windows: right-click › Send to › Compressed (zipped) folder).
                </List.Item>
                <List.Item>
                  For the Forever games, the files must be directly in <Code>Carcommon</Code>, not in a
                  sub-folder such as <Code>Carcommon / NeonRunner</Code>.
                </List.Item>
              </List>
              <ScreenshotThumb shot={shots.zipStructure} onOpen={open} />
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="folder">
          <Accordion.Control icon={<IconFolderQuestion size={18} aria-hidden />}>
            I cannot find the folder
          </Accordion.Control>
          <Accordion.Panel>
            <Text lh={1.7}>
              Start the game once – it creates its folder in Documents on the first run. Missing folders
              further down (<Code>Skins</Code>, <Code>Models</Code>, <Code>CarSport</Code>,{' '}
              <Code>Vehicles</Code>, <Code>Carcommon</Code>) can simply be created by you, with exactly these
              names. If Windows keeps your Documents in OneDrive, the game folder is under{' '}
              <Code>OneDrive / Documents</Code>.
            </Text>
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="club">
          <Accordion.Control icon={<IconLock size={18} aria-hidden />}>
            There is no Upload skin option in Trackmania (2020)
          </Accordion.Control>
          <Accordion.Panel>
            <Text lh={1.7}>
              Uploading custom skins is part of the paid club access. Without it the option is not available,
              and we do not know of any way around that. If you bought a 2020 skin by mistake and have not
              downloaded it yet, you can ask for a refund within 7 days – see the{' '}
              <PageLink to="/refunds">refund policy</PageLink>.
            </Text>
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="download">
          <Accordion.Control icon={<IconDownload size={18} aria-hidden />}>
            I bought a skin but cannot find the download
          </Accordion.Control>
          <Accordion.Panel>
            <Text lh={1.7}>
              With an account, every purchase is in <PageLink to="/me/collection">My Collection</PageLink>{' '}
              with a Download button. As a guest, look for our confirmation e-mail (and check the spam
              folder); its links expire after a while, so if you create an account with the same e-mail
              address, your purchases appear in your collection for good.
            </Text>
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="stuck">
          <Accordion.Control icon={<IconLifebuoy size={18} aria-hidden />}>Still stuck?</Accordion.Control>
          <Accordion.Panel>
            <Text lh={1.7}>
              Leave a comment on the skin&apos;s page – authors usually know their skins best – or write to us
              at <ContactEmail subject="Installation help" /> with the skin&apos;s name, your game and what
              you see. A screenshot of the folder helps a lot.
            </Text>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
      {lightbox}
    </Section>
  );
}

export default function InstallationGuidePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const game = parseGame(searchParams.get('game'));

  const selectGame = (value: string | null) => {
    if (!value || value === game) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('game', parseGame(value));
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <StaticPage
      title="Installation guide"
      lead="How to get a skin from TrackSkins onto your car, step by step. Pick your game below."
    >
      <Tabs
        value={game}
        onChange={selectGame}
        keepMounted={false}
        styles={{ tab: { fontSize: 'var(--mantine-font-size-md)', fontWeight: 600 } }}
      >
        <Tabs.List aria-label="Game">
          <Tabs.Tab value="tm2020" leftSection={<IconCar size={18} aria-hidden />}>
            Trackmania (2020)
          </Tabs.Tab>
          <Tabs.Tab value="tmufnf" leftSection={<IconFlag size={18} aria-hidden />}>
            Trackmania Forever (Nations/United)
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="tm2020" pt="xl">
          <Tm2020Guide />
        </Tabs.Panel>
        <Tabs.Panel value="tmufnf" pt="xl">
          <ForeverGuide />
        </Tabs.Panel>
      </Tabs>
      <Troubleshooting />
    </StaticPage>
  );
}
