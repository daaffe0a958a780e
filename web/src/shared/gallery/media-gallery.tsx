import { Text, UnstyledButton } from '@mantine/core';
import { IconPhotoOff, IconPlayerPlayFilled, IconZoomIn } from '@tabler/icons-react';
import { lazy, Suspense, useRef, useState } from 'react';
import type { SlideImage } from 'yet-another-react-lightbox';
import { galleryMessages as messages } from './gallery.messages';
import { autoplayUrl } from './video-embed';
import type { VideoEmbed } from './video-embed';
import classes from './media-gallery.module.css';

// The lightbox (and its stylesheet) loads when the gallery is first approached, not with the page.
const loadLightbox = () => import('./gallery-lightbox');
const GalleryLightbox = lazy(() => loadLightbox().then((module) => ({ default: module.GalleryLightbox })));

export interface GalleryImage {
  id: string;
  title?: string | null;
  /** Full size. */
  url: string;
  /** 440 px high. */
  previewUrl: string;
  /** 640x360. */
  cardUrl: string;
  width?: number | null;
  height?: number | null;
}

const PREVIEW_HEIGHT = 440;

function slideOf(image: GalleryImage, alt: string): SlideImage {
  const { width, height } = image;
  if (!width || !height) return { src: image.url, alt };
  const sources = [{ src: image.url, width, height }];
  if (height > PREVIEW_HEIGHT) {
    sources.unshift({
      src: image.previewUrl,
      width: Math.round((width * PREVIEW_HEIGHT) / height),
      height: PREVIEW_HEIGHT,
    });
  }
  return { src: image.url, alt, width, height, srcSet: sources };
}

/** A privacy-friendly video: nothing loads from the provider until the visitor presses play. */
function VideoFacade({ video, poster, title }: { video: VideoEmbed; poster: string | null; title: string }) {
  const [playing, setPlaying] = useState(false);
  return (
    <div className={classes.video}>
      {playing ? (
        <iframe
          src={autoplayUrl(video)}
          title={messages.video.title(title)}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <>
          {poster ? <img className={classes.poster} src={poster} alt="" /> : null}
          <UnstyledButton className={classes.play} onClick={() => setPlaying(true)}>
            <span className={classes.playIcon} aria-hidden>
              <IconPlayerPlayFilled size={34} />
            </span>
            <span className={classes.playText}>{messages.video.play}</span>
            <span className={classes.playProvider}>{messages.video.provider(video.provider)}</span>
          </UnstyledButton>
        </>
      )}
    </div>
  );
}

export interface MediaGalleryProps {
  /** The skin's or bundle's title (names the gallery and the screenshots without a title). */
  title: string;
  images: readonly GalleryImage[];
  video: VideoEmbed | null;
  /** Shown when there is neither a video nor a screenshot. */
  emptyText: string;
  /** The large picture's loading priority: high above the fold (detail pages), auto further down. */
  priority?: 'high' | 'auto';
}

/**
 * The video (when the link is a YouTube or Vimeo one) or the large first screenshot, with the
 * screenshots as thumbnails below: hovering or focusing one previews it, a click opens the lightbox.
 */
export function MediaGallery({ title, images, video, emptyText, priority = 'high' }: MediaGalleryProps) {
  const [active, setActive] = useState(0);
  const [lightboxIndex, setLightboxIndex] = useState(-1);
  const [lightboxUsed, setLightboxUsed] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const altOf = (image: GalleryImage, index: number) =>
    image.title?.trim() || messages.screenshot(title, index + 1);

  const open = (index: number, button: HTMLElement) => {
    opener.current = button;
    setLightboxUsed(true);
    setLightboxIndex(index);
  };
  const preload = () => void loadLightbox();

  const current = images[active] ?? images[0];
  const showThumbs = images.length > 1 || (video !== null && images.length > 0);

  if (!video && !current) {
    return (
      <div className={classes.empty}>
        <IconPhotoOff size={40} stroke={1.4} aria-hidden />
        <Text c="dimmed">{emptyText}</Text>
      </div>
    );
  }

  return (
    <section aria-label={messages.label(title)} onPointerEnter={preload} onFocus={preload}>
      {video ? (
        <VideoFacade video={video} poster={images[0]?.previewUrl ?? null} title={title} />
      ) : current ? (
        <UnstyledButton
          className={classes.stage}
          onClick={(event) => open(active, event.currentTarget)}
          aria-haspopup="dialog"
          aria-label={messages.open(active + 1, images.length)}
        >
          {/* The same picture, blurred, fills the bars around one of another shape. */}
          <img className={classes.stageBackdrop} src={current.previewUrl} alt="" aria-hidden />
          <img
            className={classes.stageImage}
            src={current.previewUrl}
            alt={altOf(current, active)}
            height={PREVIEW_HEIGHT}
            fetchPriority={priority}
          />
          <span className={classes.enlarge} aria-hidden>
            <IconZoomIn size={14} />
            <span className={classes.enlargeText}>{messages.enlarge}</span>
          </span>
        </UnstyledButton>
      ) : null}

      {showThumbs ? (
        <ul className={classes.thumbs}>
          {images.map((image, index) => (
            <li key={image.id}>
              <UnstyledButton
                className={classes.thumb}
                data-active={!video && index === active ? true : undefined}
                onMouseEnter={() => setActive(index)}
                onFocus={() => setActive(index)}
                onClick={(event) => open(index, event.currentTarget)}
                aria-haspopup="dialog"
                aria-label={messages.open(index + 1, images.length)}
              >
                <img
                  className={classes.thumbImage}
                  src={image.cardUrl}
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
              </UnstyledButton>
            </li>
          ))}
        </ul>
      ) : null}

      {lightboxUsed ? (
        <Suspense fallback={null}>
          <GalleryLightbox
            slides={images.map((image, index) => slideOf(image, altOf(image, index)))}
            index={lightboxIndex}
            onClose={() => setLightboxIndex(-1)}
            onExited={() => opener.current?.focus()}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
