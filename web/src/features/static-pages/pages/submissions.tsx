import type { ReactNode } from 'react';
import { Alert, Code, List, Table, ThemeIcon } from '@mantine/core';
import { IconBan, IconCheck, IconShieldCheck } from '@tabler/icons-react';
import type { LegalSection } from '../components/legal-document';
import { LegalDocument } from '../components/legal-document';
import { ContactEmail, PageLink } from '../components/links';
import { P } from '../components/section';
import { StaticPage } from '../components/static-page';
import { PAGE_DATES } from '../site';

function RuleList({ kind, children }: { kind: 'do' | 'dont'; children: ReactNode }) {
  return (
    <List
      spacing="sm"
      icon={
        <ThemeIcon size={22} radius="xl" variant="light" color={kind === 'do' ? 'teal' : 'red'} aria-hidden>
          {kind === 'do' ? <IconCheck size={14} /> : <IconBan size={14} />}
        </ThemeIcon>
      }
      styles={{ itemWrapper: { alignItems: 'flex-start' }, itemLabel: { lineHeight: 1.6 } }}
    >
      {children}
    </List>
  );
}

const technicalRules: { what: string; rule: ReactNode }[] = [
  {
    what: 'Skin file',
    rule: (
      <>
        One <Code>.zip</Code> archive (not <Code>.rar</Code> or <Code>.7z</Code>) of at most 25 MB, with the
        skin&apos;s files directly inside – not in an extra folder within the archive.
      </>
    ),
  },
  {
    what: 'Screenshots',
    rule: 'At least 1 and up to 10 images, PNG or JPEG, each up to 8 MB. The first image is the thumbnail in all lists.',
  },
  { what: 'Name', rule: '4 to 60 characters. It cannot be changed after publishing, so choose carefully.' },
  { what: 'Description', rule: 'Up to 200 characters.' },
  {
    what: 'Price',
    rule: '0 (free), or from 2 € to 500 €. Need a higher price for a special project? Write to us first.',
  },
  { what: 'Game', rule: 'The game the skin is made for. Skins for the wrong game are removed.' },
  { what: 'Video', rule: 'Optional: a link to a video of the skin on a video site.' },
];

const sections: LegalSection[] = [
  {
    id: 'content',
    title: 'Content rules',
    body: (
      <>
        <P>Every skin and bundle you publish, including its screenshots, video, title and description:</P>
        <RuleList kind="do">
          <List.Item>
            <strong>is suitable for any age.</strong> Trackmania is played by children as well as adults, and
            so is TrackSkins. No extreme violence and no nudity or sexual content – and no hate symbols, drugs
            or discriminatory content either.
          </List.Item>
          <List.Item>
            <strong>is shown truthfully.</strong> Screenshots must show this skin, in the game it is made for
            – not a different version, a concept render or another author&apos;s work.
          </List.Item>
          <List.Item>
            <strong>is your own work.</strong> The artwork must be created by you, or you must hold the rights
            to every part of it.
          </List.Item>
          <List.Item>
            <strong>is safe.</strong> The archive contains only the skin&apos;s files: no malware, no
            executables, no scripts, no links to download something else.
          </List.Item>
        </RuleList>
      </>
    ),
  },
  {
    id: 'originality',
    title: 'Your own work',
    body: (
      <>
        <RuleList kind="dont">
          <List.Item>
            Do not upload other authors&apos; skins, recolors of them or skins built on them, even if they are
            free elsewhere.
          </List.Item>
          <List.Item>
            Do not use logos, brands, characters or artwork of others unless you have their permission – real
            sponsors&apos; logos included.
          </List.Item>
          <List.Item>
            Do not present a team project as yours alone: credit your co-authors in the description.
          </List.Item>
        </RuleList>
        <P>
          Using the official car templates and your own photos, textures and designs is of course fine. If you
          are unsure whether you may use something, ask us before you publish.
        </P>
      </>
    ),
  },
  {
    id: 'technical',
    title: 'Technical rules',
    body: (
      <>
        <P>
          The editor checks most of these for you; please stick to them so that players can install your skin.
        </P>
        <Table.ScrollContainer minWidth={480}>
          <Table withTableBorder verticalSpacing="sm" horizontalSpacing="md" style={{ lineHeight: 1.55 }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" w={140}>
                  Part
                </Table.Th>
                <Table.Th scope="col">Rule</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {technicalRules.map((row) => (
                <Table.Tr key={row.what}>
                  <Table.Th scope="row" fw={600} style={{ verticalAlign: 'top' }}>
                    {row.what}
                  </Table.Th>
                  <Table.Td>{row.rule}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <P>
          Test the archive yourself before uploading: install it as described in the{' '}
          <PageLink to="/installation-guide">installation guide</PageLink> and make sure it works.
        </P>
      </>
    ),
  },
  {
    id: 'listings',
    title: 'Listings, color variations and bundles',
    body: (
      <List spacing="xs" withPadding>
        <List.Item>Titles and descriptions describe the skin – no keyword spam, no advertising.</List.Item>
        <List.Item>
          No links or requests to buy your skins elsewhere, and no paid items given away as a
          &ldquo;free&rdquo; download with a catch.
        </List.Item>
        <List.Item>
          Color variations are the same design in different colors; unrelated skins do not belong in one set.
        </List.Item>
        <List.Item>Bundles contain only your own skins, and their screenshots show what is inside.</List.Item>
      </List>
    ),
  },
  {
    id: 'review',
    title: 'After you publish',
    body: (
      <P>
        Your item is visible to everyone as soon as you publish it, and you can hide it again at any time. Our
        moderators look at new items and at every report from players. If something breaks these rules, we
        hide the item and tell you why; often a fixed screenshot or description is all it takes to publish it
        again.
      </P>
    ),
  },
  {
    id: 'consequences',
    title: 'What happens if the rules are broken',
    body: (
      <>
        <P>
          Breaking these rules can lead to the <strong>removal of the item</strong>, the{' '}
          <strong>termination of your account</strong> or a <strong>ban</strong> from TrackSkins, depending on
          how serious the breach is and whether it is repeated. Uploading malware or someone else&apos;s work
          leads to an immediate ban. Buyers of a removed item may be refunded, and the author&apos;s shares
          from such sales are then taken back, as the{' '}
          <PageLink to="/terms-of-service#moderation">terms of service</PageLink> describe.
        </P>
        <P>
          Found an item that breaks the rules? Send us its link at <ContactEmail subject="Report a skin" />.
        </P>
      </>
    ),
  },
];

export default function SubmissionsPage() {
  return (
    <StaticPage
      title="Submission rules"
      lastUpdated={PAGE_DATES.submissions}
      lead="What every skin and bundle on TrackSkins must meet – so that players get what they see, and authors get credit for their own work."
    >
      <Alert
        variant="light"
        color="teal"
        title="The four rules in one breath"
        icon={<IconShieldCheck aria-hidden />}
        styles={{ message: { lineHeight: 1.6 } }}
      >
        Suitable for any age, screenshots that match the skin, artwork that is your own, and no malware.
      </Alert>
      <LegalDocument sections={sections} />
    </StaticPage>
  );
}
