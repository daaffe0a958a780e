import { Badge, Button, Container, Group, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { siteMessages } from '../../../shared/messages/site.messages';
import { homeMessages } from '../home.messages';
import classes from './hero.module.css';

const hero = homeMessages.hero;

/** The full-width welcome: a night track drawn in CSS, the spec's texts and the way to the skins. */
export function Hero() {
  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <div className={classes.art} aria-hidden="true">
        <div className={classes.floor} />
        <div className={classes.slash} />
        <div className={classes.livery}>
          <div className={`${classes.panel} ${classes.panelBack}`} />
          <div className={`${classes.panel} ${classes.panelMid}`} />
          <div className={`${classes.panel} ${classes.panelFront}`} />
        </div>
        <span className={`${classes.streak} ${classes.streak1}`} />
        <span className={`${classes.streak} ${classes.streak2}`} />
        <span className={`${classes.streak} ${classes.streak3}`} />
        <span className={`${classes.streak} ${classes.streak4}`} />
        <div className={classes.kerb} />
      </div>

      <Container size="xl" w="100%" className={classes.content}>
        <Text component="p" className={classes.welcome}>
          {hero.welcome}
        </Text>
        <h1 id="hero-title" className={classes.title}>
          {siteMessages.name}
        </h1>
        <Text component="p" className={classes.ride}>
          {hero.findYourRide}
        </Text>
        <Button
          component={Link}
          to="/skins"
          size="xl"
          className={classes.cta}
          rightSection={<IconArrowRight size={22} aria-hidden />}
        >
          {hero.exploreSkins}
        </Button>
        <Group gap="xs" mt={40} className={classes.games}>
          <Text component="span" size="sm" className={classes.gamesLabel}>
            {hero.gamesLabel}
          </Text>
          {hero.games.map((game) => (
            <Badge key={game} variant="outline" radius="sm" size="lg" className={classes.game}>
              {game}
            </Badge>
          ))}
        </Group>
      </Container>
    </section>
  );
}
