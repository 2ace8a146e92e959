import { markConfidence } from '../confidence';
import { markOffline } from '../offline/offline-marker';
import type { TMarkingInput } from '../types';
import { rubricOfCase } from './gaming-cases';

/**
 * Teacher-style calculation questions with pupils' honest, fully worked answers written as working
 * is written (an equation, the values with their units, the result with its unit), and the mark a
 * teacher gives. Written by hand on 6 December 2026, BEFORE the marker change that they measure
 * (session 15; the defect: the demo's "speed = distance / time = 300 m / 20 s = 15 m/s" was sent to
 * review as "unsure: no sentence", its units counted as words of a salad), split once into a tuning
 * half and a held-out half: a change may be tried on `tuning` questions only (`npm run bench:gaming`
 * prints both; `working-answers.test.ts` holds the held-out half's figures).
 */

export type TWorkingQuestion = {
  id: string;
  part: 'tuning' | 'held-out';
  question: string;
  marks: number;
  lowMarkRange: string;
  highMarkRange: string;
  low: string;
  high: string;
  answers: { text: string; mark: number }[];
  /**
   * When a later batch was written (`YYYY-MM-DD`), before the marker change it measures; absent for
   * the first batch (6 December 2026).
   */
  written?: string;
};

/**
 * Every question of the set is marked as a teacher marks working, out of 3 (1 for the equation, 1
 * for the substitution, 1 for the answer with its unit), with the same two bands.
 */
function worked(
  q: Pick<TWorkingQuestion, 'id' | 'part' | 'question' | 'high' | 'answers' | 'written'>,
): TWorkingQuestion {
  return {
    marks: 3,
    lowMarkRange: '0-0',
    highMarkRange: '2-3',
    low: 'No correct equation and no correct value.',
    ...q,
  };
}

export const WORKING_QUESTIONS: TWorkingQuestion[] = [
  worked({
    id: 'train-speed',
    part: 'tuning',
    question: 'A train travels 600 m in 40 s. Calculate its average speed and give the unit.',
    high: 'Uses speed = distance / time, substitutes 600 / 40 and gives 15 m/s with the unit.',
    answers: [
      { text: 'speed = distance / time = 600 m / 40 s = 15 m/s', mark: 3 },
      { text: 'v = d / t so v = 600 m ÷ 40 s = 15 m/s', mark: 3 },
    ],
  }),
  worked({
    id: 'kettle-power',
    part: 'tuning',
    question: 'A kettle transfers 180 000 J of energy in 60 s. Calculate its power.',
    high: 'Uses P = E / t, substitutes 180 000 / 60 and gives 3000 W.',
    answers: [
      { text: 'power = energy / time = 180000 J / 60 s = 3000 W', mark: 3 },
      { text: 'P = E / t = 180 000 J ÷ 60 s = 3 000 W = 3 kW', mark: 3 },
    ],
  }),
  worked({
    id: 'block-density',
    part: 'tuning',
    question: 'A block has a mass of 540 g and a volume of 200 cm³. Calculate its density.',
    high: 'Uses density = mass / volume, substitutes 540 / 200 and gives 2.7 g/cm³.',
    answers: [
      { text: 'density = mass / volume = 540 g / 200 cm³ = 2.7 g/cm³', mark: 3 },
      { text: 'ρ = m / V = 540 g ÷ 200 cm3 = 2.7 g per cm3', mark: 3 },
    ],
  }),
  worked({
    id: 'lamp-resistance',
    part: 'tuning',
    question:
      'The potential difference across a lamp is 6 V and the current is 0.5 A. Calculate its resistance.',
    high: 'Uses R = V / I, substitutes 6 / 0.5 and gives 12 Ω.',
    answers: [
      { text: 'R = V / I = 6 V / 0.5 A = 12 ohms', mark: 3 },
      { text: 'resistance = voltage / current = 6 V ÷ 0.5 A = 12 Ω', mark: 3 },
    ],
  }),
  worked({
    id: 'box-pressure',
    part: 'held-out',
    question:
      'A box pushes down with a force of 300 N on an area of 1.5 m². Calculate the pressure.',
    high: 'Uses pressure = force / area, substitutes 300 / 1.5 and gives 200 Pa.',
    answers: [
      { text: 'pressure = force / area = 300 N / 1.5 m² = 200 Pa', mark: 3 },
      { text: 'p = F / A = 300 N ÷ 1.5 m2 = 200 N/m2 = 200 Pa', mark: 3 },
    ],
  }),
  worked({
    id: 'car-acceleration',
    part: 'held-out',
    question: 'A car speeds up from 5 m/s to 25 m/s in 4 s. Calculate its acceleration.',
    high: 'Uses a = (v - u) / t, substitutes (25 - 5) / 4 and gives 5 m/s².',
    answers: [
      { text: 'a = (v - u) / t = (25 m/s - 5 m/s) / 4 s = 20 m/s / 4 s = 5 m/s²', mark: 3 },
      { text: 'acceleration = change in velocity / time = (25 - 5) m/s ÷ 4 s = 5 m/s2', mark: 3 },
    ],
  }),
  worked({
    id: 'crane-work',
    part: 'held-out',
    question: 'A crane lifts a load with a force of 2000 N through 15 m. Calculate the work done.',
    high: 'Uses work done = force × distance, substitutes 2000 × 15 and gives 30 000 J.',
    answers: [
      { text: 'work done = force × distance = 2000 N × 15 m = 30 000 J', mark: 3 },
      { text: 'W = F × d = 2000 N × 15 m = 30000 J = 30 kJ', mark: 3 },
    ],
  }),
  worked({
    id: 'heater-charge',
    part: 'held-out',
    question: 'A current of 2 A flows through a heater for 120 s. Calculate the charge that flows.',
    high: 'Uses Q = I × t, substitutes 2 × 120 and gives 240 C.',
    answers: [
      { text: 'charge = current × time = 2 A × 120 s = 240 C', mark: 3 },
      { text: 'Q = I t = 2 A × 120 s = 240 coulombs', mark: 3 },
    ],
  }),
  // Second batch, written by hand on 7 December 2026 before the change it measures (working with
  // its units and variable names read as "no sentence" by the confidence): full, partial and wrong
  // working, as a teacher marks it (1 for the equation, 1 for the substitution, 1 for the answer
  // with its unit).
  worked({
    id: 'runner-distance',
    part: 'tuning',
    written: '2026-12-07',
    question: 'A runner keeps a speed of 4 m/s for 90 s. Calculate the distance she runs.',
    high: 'Uses distance = speed × time, substitutes 4 × 90 and gives 360 m.',
    answers: [
      { text: 'distance = speed × time = 4 m/s × 90 s = 360 m', mark: 3 },
      { text: 's = v t = 4 x 90 = 360 metres', mark: 3 },
      { text: 'distance = speed × time = 4 × 90 = 360', mark: 2 },
      { text: 'distance = speed / time = 4 / 90 = 0.044 m', mark: 0 },
    ],
  }),
  worked({
    id: 'spring-force',
    part: 'tuning',
    written: '2026-12-07',
    question:
      'A spring has a spring constant of 25 N/m and is stretched by 0.2 m. Calculate the force on it.',
    high: 'Uses force = spring constant × extension, substitutes 25 × 0.2 and gives 5 N.',
    answers: [
      { text: 'force = spring constant × extension = 25 N/m × 0.2 m = 5 N', mark: 3 },
      { text: 'F = k e = 25 × 0.2 = 5 newtons', mark: 3 },
      { text: 'F = k × e = 25 × 0.2 = 50 N', mark: 2 },
      { text: 'F = k / e = 25 / 0.2 = 125 N', mark: 0 },
    ],
  }),
  worked({
    id: 'ball-momentum',
    part: 'tuning',
    written: '2026-12-07',
    question: 'A ball of mass 0.5 kg moves at 8 m/s. Calculate its momentum.',
    high: 'Uses momentum = mass × velocity, substitutes 0.5 × 8 and gives 4 kg m/s.',
    answers: [
      { text: 'momentum = mass × velocity = 0.5 kg × 8 m/s = 4 kg m/s', mark: 3 },
      { text: 'p = m v = 0.5 × 8 = 4 kg m/s', mark: 3 },
      { text: 'p = m × v = 0.5 × 8 = 4', mark: 2 },
      { text: 'p = m / v = 0.5 / 8 = 0.0625 kg m/s', mark: 0 },
    ],
  }),
  worked({
    id: 'bulb-energy',
    part: 'tuning',
    written: '2026-12-07',
    question: 'A 60 W bulb is left on for 300 s. Calculate the energy it transfers.',
    high: 'Uses energy = power × time, substitutes 60 × 300 and gives 18 000 J.',
    answers: [
      { text: 'energy = power × time = 60 W × 300 s = 18 000 J', mark: 3 },
      { text: 'E = P t = 60 x 300 = 18000 joules = 18 kJ', mark: 3 },
      { text: 'E = P × t = 60 × 300 = 1800 J', mark: 2 },
      { text: 'E = P / t = 60 / 300 = 0.2 J', mark: 0 },
    ],
  }),
  worked({
    id: 'wave-speed',
    part: 'held-out',
    written: '2026-12-07',
    question: 'A wave has a frequency of 50 Hz and a wavelength of 4 m. Calculate its speed.',
    high: 'Uses wave speed = frequency × wavelength, substitutes 50 × 4 and gives 200 m/s.',
    answers: [
      { text: 'wave speed = frequency × wavelength = 50 Hz × 4 m = 200 m/s', mark: 3 },
      { text: 'v = f λ = 50 × 4 = 200 m/s', mark: 3 },
      { text: 'v = f × λ = 50 × 4 = 200', mark: 2 },
      { text: 'v = f / λ = 50 / 4 = 12.5 m/s', mark: 0 },
    ],
  }),
  worked({
    id: 'brick-weight',
    part: 'held-out',
    written: '2026-12-07',
    question:
      'A brick has a mass of 3 kg. The gravitational field strength is 10 N/kg. Calculate its weight.',
    high: 'Uses weight = mass × gravitational field strength, substitutes 3 × 10 and gives 30 N.',
    answers: [
      { text: 'weight = mass × gravitational field strength = 3 kg × 10 N/kg = 30 N', mark: 3 },
      { text: 'W = m g = 3 x 10 = 30 newtons', mark: 3 },
      { text: 'W = m × g = 3 × 10 = 300 N', mark: 2 },
      { text: 'W = m / g = 3 / 10 = 0.3 N', mark: 0 },
    ],
  }),
  worked({
    id: 'kettle-current',
    part: 'held-out',
    written: '2026-12-07',
    question: 'A kettle has a power of 2300 W on a 230 V supply. Calculate the current.',
    high: 'Uses current = power / potential difference, substitutes 2300 / 230 and gives 10 A.',
    answers: [
      { text: 'current = power / potential difference = 2300 W / 230 V = 10 A', mark: 3 },
      { text: 'I = P / V = 2300 ÷ 230 = 10 amps', mark: 3 },
      { text: 'I = P / V = 2300 / 230 = 100 A', mark: 2 },
      { text: 'I = P × V = 2300 × 230 = 529 000 A', mark: 0 },
    ],
  }),
  worked({
    id: 'trolley-force',
    part: 'held-out',
    written: '2026-12-07',
    question: 'A trolley of mass 2 kg accelerates at 3 m/s². Calculate the resultant force on it.',
    high: 'Uses force = mass × acceleration, substitutes 2 × 3 and gives 6 N.',
    answers: [
      { text: 'force = mass × acceleration = 2 kg × 3 m/s² = 6 N', mark: 3 },
      { text: 'F = m a = 2 x 3 = 6 newtons', mark: 3 },
      { text: 'F = m × a = 2 × 3 = 6', mark: 2 },
      { text: 'F = m / a = 2 / 3 = 0.67 N', mark: 0 },
    ],
  }),
  // A third batch (written 7 December 2026, before the change it measures): the method said in a
  // sentence, then worked (the demo's partial answer 'The current is found with I = V / R. I = 6 /
  // 12 = 0.5' is of this kind), with and without the unit, a wrong method in words and a slip.
  worked({
    id: 'resistor-current',
    part: 'tuning',
    written: '2026-12-07-d',
    question: 'A 9 V battery is connected across a 3 Ω resistor. Calculate the current.',
    high: 'Uses I = V / R, substitutes 9 / 3 and gives 3 A with the unit.',
    answers: [
      { text: 'The current is found with I = V / R. I = 9 / 3 = 3 A', mark: 3 },
      { text: 'The current is found with I = V / R. I = 9 / 3 = 3', mark: 2 },
      { text: 'I used I = V / R so the current is 9 / 3 = 3 amps.', mark: 3 },
      { text: 'Current is voltage times resistance, so I = 9 × 3 = 27 A', mark: 0 },
      { text: 'I = V / R, so I = 9 / 3 = 6 A', mark: 2 },
    ],
  }),
  worked({
    id: 'lift-energy',
    part: 'tuning',
    written: '2026-12-07-d',
    question:
      'A box of mass 5 kg is lifted 2 m. The gravitational field strength is 10 N/kg. Calculate the gain in gravitational potential energy.',
    high: 'Uses Ep = m × g × h, substitutes 5 × 10 × 2 and gives 100 J.',
    answers: [
      { text: 'The energy is found with Ep = m g h. Ep = 5 × 10 × 2 = 100 J', mark: 3 },
      { text: 'I used Ep = m g h, so Ep = 5 × 10 × 2 = 100', mark: 2 },
      {
        text: 'Gravitational potential energy is mass times gravitational field strength times height, so it is 5 × 10 × 2 = 100 J.',
        mark: 3,
      },
      { text: 'Energy is mass divided by height, so 5 / 2 = 2.5 J', mark: 0 },
      { text: 'Ep = m g h so Ep = 5 × 10 × 2 = 1000 J', mark: 2 },
    ],
  }),
  worked({
    id: 'car-energy',
    part: 'tuning',
    written: '2026-12-07-d',
    question: 'A car of mass 1000 kg moves at 10 m/s. Calculate its kinetic energy.',
    high: 'Uses Ek = ½ × m × v², substitutes 0.5 × 1000 × 10² and gives 50 000 J.',
    answers: [
      {
        text: 'Kinetic energy is found with Ek = ½ m v². Ek = 0.5 × 1000 × 10² = 50 000 J',
        mark: 3,
      },
      { text: 'Using Ek = ½ m v², Ek = 0.5 × 1000 × 10² = 50000', mark: 2 },
      {
        text: 'The kinetic energy is half the mass times the speed squared, which is 0.5 × 1000 × 10² = 50 000 J.',
        mark: 3,
      },
      { text: 'Kinetic energy is mass times speed, so 1000 × 10 = 10 000 J', mark: 0 },
      { text: 'Ek = ½ m v² = 0.5 × 1000 × 10² = 5000 J', mark: 2 },
    ],
  }),
  worked({
    id: 'heater-energy',
    part: 'tuning',
    written: '2026-12-07-d',
    question: 'A 2000 W heater is switched on for 30 s. Calculate the energy it transfers.',
    high: 'Uses E = P × t, substitutes 2000 × 30 and gives 60 000 J.',
    answers: [
      { text: 'Energy is found with E = P t. E = 2000 × 30 = 60 000 J', mark: 3 },
      { text: 'E = P × t. So the energy is 2000 × 30 = 60000', mark: 2 },
      {
        text: 'The energy transferred is the power multiplied by the time: 2000 W × 30 s = 60 000 J.',
        mark: 3,
      },
      { text: 'Energy is power divided by time, E = 2000 / 30 = 66.7 J', mark: 0 },
      { text: 'E = P t, E = 2000 × 30 = 6000 J', mark: 2 },
    ],
  }),
  worked({
    id: 'pump-power',
    part: 'held-out',
    written: '2026-12-07-d',
    question: 'A pump does 1200 J of work in 20 s. Calculate its power.',
    high: 'Uses P = W / t, substitutes 1200 / 20 and gives 60 W.',
    answers: [
      { text: 'Power is found with P = W / t. P = 1200 / 20 = 60 W', mark: 3 },
      { text: 'Power is found with P = W / t. P = 1200 / 20 = 60', mark: 2 },
      {
        text: 'I divided the work done by the time taken, 1200 J / 20 s, which gives a power of 60 watts.',
        mark: 3,
      },
      { text: 'Power is work times time so P = 1200 × 20 = 24 000 W', mark: 0 },
      { text: 'P = W / t, so P = 1200 / 20 = 600 W', mark: 2 },
    ],
  }),
  worked({
    id: 'charge-flow',
    part: 'held-out',
    written: '2026-12-07-d',
    question: 'A current of 2 A flows for 50 s. Calculate the charge that flows.',
    high: 'Uses Q = I × t, substitutes 2 × 50 and gives 100 C.',
    answers: [
      { text: 'Charge is found with Q = I t. Q = 2 × 50 = 100 C', mark: 3 },
      { text: 'Q = I × t. The charge is 2 × 50 = 100', mark: 2 },
      {
        text: 'The charge is the current multiplied by the time, so 2 A × 50 s = 100 coulombs.',
        mark: 3,
      },
      { text: 'Charge is current divided by time, Q = 2 / 50 = 0.04 C', mark: 0 },
      { text: 'Using Q = I t, Q = 2 × 50 = 1000 C', mark: 2 },
    ],
  }),
  worked({
    id: 'block-mass',
    part: 'held-out',
    written: '2026-12-07-d',
    question: 'A block has a density of 2 g/cm³ and a volume of 30 cm³. Calculate its mass.',
    high: 'Uses mass = density × volume, substitutes 2 × 30 and gives 60 g.',
    answers: [
      { text: 'Mass is found with m = ρ V. m = 2 × 30 = 60 g', mark: 3 },
      { text: 'The mass is density times volume, m = 2 × 30 = 60', mark: 2 },
      { text: 'I multiplied the density by the volume: 2 g/cm³ × 30 cm³ = 60 g.', mark: 3 },
      { text: 'Mass is density divided by volume, m = 2 / 30 = 0.07 g', mark: 0 },
      { text: 'm = ρ × V, so m = 2 × 30 = 90 g', mark: 2 },
    ],
  }),
  worked({
    id: 'resistor-voltage',
    part: 'held-out',
    written: '2026-12-07-d',
    question:
      'A current of 0.5 A flows through a 20 Ω resistor. Calculate the potential difference across it.',
    high: 'Uses V = I × R, substitutes 0.5 × 20 and gives 10 V.',
    answers: [
      { text: 'The potential difference is found with V = I R. V = 0.5 × 20 = 10 V', mark: 3 },
      { text: 'Using V = I × R, V = 0.5 × 20 = 10', mark: 2 },
      {
        text: 'The potential difference is the current times the resistance, so 0.5 A × 20 Ω = 10 volts.',
        mark: 3,
      },
      {
        text: 'Potential difference is current divided by resistance, V = 0.5 / 20 = 0.025 V',
        mark: 0,
      },
      { text: 'V = I R, so V = 0.5 × 20 = 100 V', mark: 2 },
    ],
  }),
  // A fourth batch (written 7 December 2026, before the change it measures): results with a decimal
  // point ("0.5", "2.5"), the method said in a sentence and then worked, with and without the unit
  // (the demo's partial answer 'The current is found with I = V / R. I = 6 / 12 = 0.5' was sent to
  // 0 as "unsure: no sentence": the decimal point read as a full stop), a wrong method and a slip.
  worked({
    id: 'lamp-current',
    part: 'tuning',
    written: '2026-12-07-e',
    question: 'A 3 V cell is connected across a 12 Ω lamp. Calculate the current.',
    high: 'Uses I = V / R, substitutes 3 / 12 and gives 0.25 A with the unit.',
    answers: [
      { text: 'The current is found with I = V / R. I = 3 / 12 = 0.25 A', mark: 3 },
      { text: 'The current is found with I = V / R. I = 3 / 12 = 0.25', mark: 2 },
      { text: 'We use I = V / R, so the current is 3 / 12 = 0.25 amps.', mark: 3 },
      { text: 'Current is voltage times resistance, so I = 3 × 12 = 36 A', mark: 0 },
      { text: 'I = V / R. I = 3 / 12 = 0.4 A', mark: 2 },
    ],
  }),
  worked({
    id: 'cyclist-speed',
    part: 'tuning',
    written: '2026-12-07-e',
    question: 'A cyclist travels 50 m in 20 s. Calculate her average speed.',
    high: 'Uses speed = distance / time, substitutes 50 / 20 and gives 2.5 m/s.',
    answers: [
      { text: 'Speed is found with v = d / t. v = 50 / 20 = 2.5 m/s', mark: 3 },
      { text: 'Speed is found with v = d / t. v = 50 / 20 = 2.5', mark: 2 },
      { text: 'The speed is the distance divided by the time, 50 m / 20 s = 2.5 m/s.', mark: 3 },
      { text: 'Speed is distance times time, so 50 × 20 = 1000 m/s', mark: 0 },
      { text: 'v = d / t. v = 50 / 20 = 25 m/s', mark: 2 },
    ],
  }),
  worked({
    id: 'stone-density',
    part: 'tuning',
    written: '2026-12-07-e',
    question: 'A stone has a mass of 30 g and a volume of 12 cm³. Calculate its density.',
    high: 'Uses density = mass / volume, substitutes 30 / 12 and gives 2.5 g/cm³.',
    answers: [
      { text: 'Density is found with ρ = m / V. ρ = 30 / 12 = 2.5 g/cm³', mark: 3 },
      { text: 'Density is found with ρ = m / V. ρ = 30 / 12 = 2.5', mark: 2 },
      { text: 'I divided the mass by the volume, 30 g / 12 cm³, which is 2.5 g/cm³.', mark: 3 },
      { text: 'Density is mass times volume, so 30 × 12 = 360 g/cm³', mark: 0 },
      { text: 'ρ = m / V. ρ = 30 / 12 = 3.5 g/cm³', mark: 2 },
    ],
  }),
  worked({
    id: 'motor-power',
    part: 'tuning',
    written: '2026-12-07-e',
    question: 'A motor transfers 150 J of energy in 60 s. Calculate its power.',
    high: 'Uses P = E / t, substitutes 150 / 60 and gives 2.5 W.',
    answers: [
      { text: 'Power is found with P = E / t. P = 150 / 60 = 2.5 W', mark: 3 },
      { text: 'Power is found with P = E / t. P = 150 / 60 = 2.5', mark: 2 },
      { text: 'The power is the energy divided by the time: 150 J / 60 s = 2.5 watts.', mark: 3 },
      { text: 'Power is energy times time, so 150 × 60 = 9000 W', mark: 0 },
      { text: 'P = E / t. P = 150 / 60 = 0.4 W', mark: 2 },
    ],
  }),
  worked({
    id: 'heater-current',
    part: 'held-out',
    written: '2026-12-07-e',
    question: 'A 230 V heater has a power of 115 W. Calculate the current in it.',
    high: 'Uses I = P / V, substitutes 115 / 230 and gives 0.5 A.',
    answers: [
      { text: 'The current is found with I = P / V. I = 115 / 230 = 0.5 A', mark: 3 },
      { text: 'The current is found with I = P / V. I = 115 / 230 = 0.5', mark: 2 },
      { text: 'We use I = P / V, so the current is 115 / 230 = 0.5 amps.', mark: 3 },
      { text: 'Current is power times voltage, so I = 115 × 230 = 26 450 A', mark: 0 },
      { text: 'I = P / V. I = 115 / 230 = 2 A', mark: 2 },
    ],
  }),
  worked({
    id: 'snail-speed',
    part: 'held-out',
    written: '2026-12-07-e',
    question: 'A snail moves 3 m in 200 s. Calculate its average speed.',
    high: 'Uses speed = distance / time, substitutes 3 / 200 and gives 0.015 m/s.',
    answers: [
      { text: 'Speed is found with v = d / t. v = 3 / 200 = 0.015 m/s', mark: 3 },
      { text: 'Speed is found with v = d / t. v = 3 / 200 = 0.015', mark: 2 },
      { text: 'The speed is the distance divided by the time, 3 m / 200 s = 0.015 m/s.', mark: 3 },
      { text: 'Speed is distance times time, so 3 × 200 = 600 m/s', mark: 0 },
      { text: 'v = d / t. v = 3 / 200 = 0.15 m/s', mark: 2 },
    ],
  }),
  worked({
    id: 'wood-density',
    part: 'held-out',
    written: '2026-12-07-e',
    question: 'A piece of wood has a mass of 90 g and a volume of 120 cm³. Calculate its density.',
    high: 'Uses density = mass / volume, substitutes 90 / 120 and gives 0.75 g/cm³.',
    answers: [
      { text: 'Density is found with ρ = m / V. ρ = 90 / 120 = 0.75 g/cm³', mark: 3 },
      { text: 'Density is found with ρ = m / V. ρ = 90 / 120 = 0.75', mark: 2 },
      { text: 'I divided the mass by the volume, 90 g / 120 cm³, which is 0.75 g/cm³.', mark: 3 },
      { text: 'Density is mass times volume, so 90 × 120 = 10 800 g/cm³', mark: 0 },
      { text: 'ρ = m / V. ρ = 90 / 120 = 1.33 g/cm³', mark: 2 },
    ],
  }),
  worked({
    id: 'charge-current',
    part: 'held-out',
    written: '2026-12-07-e',
    question: 'A charge of 30 C flows in 60 s. Calculate the current.',
    high: 'Uses I = Q / t, substitutes 30 / 60 and gives 0.5 A.',
    answers: [
      { text: 'The current is found with I = Q / t. I = 30 / 60 = 0.5 A', mark: 3 },
      { text: 'The current is found with I = Q / t. I = 30 / 60 = 0.5', mark: 2 },
      { text: 'The current is the charge divided by the time: 30 C / 60 s = 0.5 amps.', mark: 3 },
      { text: 'Current is charge times time, so I = 30 × 60 = 1800 A', mark: 0 },
      { text: 'I = Q / t. I = 30 / 60 = 2 A', mark: 2 },
    ],
  }),
];

export function inputOfWorking(q: TWorkingQuestion, answer: string): TMarkingInput {
  return {
    question: q.question,
    marks: q.marks,
    lowMarkRange: q.lowMarkRange,
    highMarkRange: q.highMarkRange,
    rubric: rubricOfCase(q),
    referenceAnswer: '',
    answer,
  };
}

/** The offline marker's mark of a worked answer, and whether it was sent to the teacher. */
export function markWorking(q: TWorkingQuestion, answer: string) {
  const input = inputOfWorking(q, answer);
  const mark = markOffline(input, { learned: false });
  const confidence = markConfidence(input, mark);
  return { score: mark.score, ...confidence };
}
