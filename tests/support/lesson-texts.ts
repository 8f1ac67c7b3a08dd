/** A real lesson text (markdown, as mentors write them) for the assistant's tests. */
export const PHOTOSYNTHESIS = {
  title: 'Photosynthesis',
  description: 'How green plants turn light into chemical energy, and why every food chain starts with it.',
  content:
    `# What photosynthesis is

Photosynthesis is the process by which green plants, algae and some bacteria use the energy of sunlight to make glucose ` +
    `from carbon dioxide and water. Oxygen is released as a by-product. The overall equation is 6CO2 + 6H2O → C6H12O6 + 6O2.

## Chlorophyll and the chloroplast

Photosynthesis takes place in the chloroplasts, small organelles found mostly in the cells of the leaf. Chloroplasts ` +
    `contain **chlorophyll**, a green pigment that absorbs red and blue light and reflects green light. That reflected light is why leaves look green.

## The two stages

1. The light-dependent reactions happen in the thylakoid membranes. Light energy splits water molecules, releasing oxygen, and stores energy in ATP and NADPH.
2. The Calvin cycle happens in the stroma. It uses the ATP and NADPH to fix carbon dioxide into sugars. It does not need ` +
    `light directly, which is why it is sometimes called the light-independent stage.

## Limiting factors

The rate of photosynthesis depends on light intensity, the concentration of carbon dioxide and the temperature. When one ` +
    `of these is in short supply it limits the rate, however plentiful the others are. Greenhouse growers raise carbon dioxide levels to make crops grow faster.

## Why it matters

Almost all food chains begin with photosynthesis: plants are producers, and herbivores and carnivores depend on the ` +
    `energy they store. Photosynthesis also keeps the oxygen in the atmosphere that animals need for respiration.
`,
};
