// Texts of the skins list and skin detail (spec 2.6, 2.7).
export const skinsMessages = {
  listTitle: 'Skins',
  listEyebrow: 'Gallery',
  listDescription: 'Custom car skins for every Trackmania, from free liveries to premium designs.',
  noMatch: 'There are no skins matching your search query.',
  detailEyebrow: 'Skin',
  loadingSkin: 'Loading skin...',
  backToSkins: 'All skins',
} as const;
