import { useRef, useState } from 'react';
import { Text, UnstyledButton } from '@mantine/core';
import { IconZoomIn } from '@tabler/icons-react';
import Lightbox from 'yet-another-react-lightbox';
import Captions from 'yet-another-react-lightbox/plugins/captions';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/captions.css';
import { galleryMessages } from '../../../shared/gallery';
import classes from './screenshots.module.css';

export interface Screenshot {
  src: string;
  /** What the picture shows, for people who cannot see it. */
  alt: string;
  /** Short caption under the thumbnail and in the lightbox. */
  caption: string;
  width?: number;
  height?: number;
}

/** State of one lightbox shared by several thumbnails: which screenshot is open, and who opened it. */
export function useScreenshotLightbox(shots: readonly Screenshot[]) {
  const [index, setIndex] = useState(-1);
  const opener = useRef<HTMLElement | null>(null);

  const open = (shot: Screenshot, button: HTMLElement) => {
    opener.current = button;
    setIndex(Math.max(0, shots.indexOf(shot)));
  };

  const lightbox = (
    <Lightbox
      open={index >= 0}
      index={Math.max(index, 0)}
      close={() => setIndex(-1)}
      slides={shots.map((shot) => ({
        src: shot.src,
        alt: shot.alt,
        description: shot.caption,
        width: shot.width ?? 1280,
        height: shot.height ?? 720,
      }))}
      plugins={[Captions, Zoom]}
      captions={{ descriptionTextAlign: 'center', descriptionMaxLines: 3 }}
      carousel={{ finite: true }}
      controller={{ closeOnBackdropClick: true }}
      // Give keyboard focus back to the thumbnail that opened the lightbox.
      on={{ exited: () => opener.current?.focus() }}
      labels={{ Lightbox: 'Screenshot viewer' }}
    />
  );

  return { open, lightbox };
}

interface ScreenshotThumbProps {
  shot: Screenshot;
  onOpen: (shot: Screenshot, button: HTMLElement) => void;
}

/** A clickable thumbnail that opens the screenshot in the lightbox. */
export function ScreenshotThumb({ shot, onOpen }: ScreenshotThumbProps) {
  return (
    <figure style={{ margin: 0 }}>
      <UnstyledButton
        className={classes.thumb}
        onClick={(event) => onOpen(shot, event.currentTarget)}
        aria-haspopup="dialog"
      >
        <img
          className={classes.image}
          src={shot.src}
          alt={shot.alt}
          width={shot.width ?? 1280}
          height={shot.height ?? 720}
          loading="lazy"
        />
        <span className={classes.zoom} aria-hidden>
          <IconZoomIn size={14} />
          <span className={classes.zoomText}>{galleryMessages.enlarge}</span>
        </span>
      </UnstyledButton>
      <Text component="figcaption" size="sm" c="dimmed" mt={6}>
        {shot.caption}
      </Text>
    </figure>
  );
}
