/* Hermes' walks in C: the same placements, in the same order, as `outcomes.hermes_placements`
 * in Python, which walks up to a few hundred placements of both workers with a Python set
 * and was about a tenth of a search's time wherever Hermes plays (docs/measurements.md).
 *
 * The order matters: the search breaks ties between equal turns by it, so this is the same
 * depth-first walk (the last placement found is walked first; each worker lowest cell
 * first, each step lowest cell first). The neighbours table comes from Python once
 * (`configure`); the tests compare both walks on random boards.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define CELLS 25
#define ALL_CELLS ((1u << CELLS) - 1)
#define MAX_PLACEMENTS 4096 /* two workers have at most 300; the table stays half empty */
#define TABLE_SIZE 8192

static uint32_t neighbours[CELLS];
static int configured;

typedef struct {
    uint32_t keys[TABLE_SIZE]; /* a worker mask + 1, 0 for an empty slot */
} Seen;

/* Whether `mask` was seen; records it if not. */
static int seen_before(Seen *seen, uint32_t mask)
{
    uint32_t slot = (mask * 2654435761u) >> 19; /* 13 bits: TABLE_SIZE slots */
    while (seen->keys[slot]) {
        if (seen->keys[slot] == mask + 1)
            return 1;
        slot = (slot + 1) & (TABLE_SIZE - 1);
    }
    seen->keys[slot] = mask + 1;
    return 0;
}

static int read_mask(PyObject *value, uint32_t *out)
{
    long number = PyLong_AsLong(value);
    if (number == -1 && PyErr_Occurred())
        return -1;
    *out = (uint32_t)number;
    return 0;
}

/* placements(board, workers, side): every placement of `side`'s workers reached by steps
 * on their own level, the start first, as tuples of all sides' workers. */
static PyObject *placements(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3 || !PyTuple_Check(args[0]) || PyTuple_GET_SIZE(args[0]) != 4 ||
        !PyTuple_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "placements(board, workers, side)");
        return NULL;
    }
    if (!configured) {
        PyErr_SetString(PyExc_RuntimeError, "call configure() first");
        return NULL;
    }
    uint32_t board[4];
    for (int i = 0; i < 4; i++)
        if (read_mask(PyTuple_GET_ITEM(args[0], i), &board[i]))
            return NULL;
    PyObject *workers = args[1];
    Py_ssize_t sides = PyTuple_GET_SIZE(workers);
    long side = PyLong_AsLong(args[2]);
    if (side == -1 && PyErr_Occurred())
        return NULL;
    if (side < 0 || side >= sides) {
        PyErr_SetString(PyExc_ValueError, "no such side");
        return NULL;
    }
    uint32_t others = 0, start = 0;
    for (Py_ssize_t i = 0; i < sides; i++) {
        uint32_t mask;
        if (read_mask(PyTuple_GET_ITEM(workers, i), &mask))
            return NULL;
        if (i == side)
            start = mask;
        else
            others |= mask;
    }
    uint32_t l1 = board[0], l2 = board[1], l3 = board[2], domes = board[3];
    uint32_t levels[4] = {~l1 & ALL_CELLS, l1 & ~l2, l2 & ~l3, l3};
    Seen *seen = PyMem_Calloc(1, sizeof(Seen));
    uint32_t *found = PyMem_Malloc(2 * MAX_PLACEMENTS * sizeof(uint32_t));
    if (seen == NULL || found == NULL) {
        PyMem_Free(seen);
        PyMem_Free(found);
        return PyErr_NoMemory();
    }
    uint32_t *frontier = found + MAX_PLACEMENTS;
    Py_ssize_t count = 0, waiting = 0;
    seen_before(seen, start);
    found[count++] = start;
    frontier[waiting++] = start;
    while (waiting && count < MAX_PLACEMENTS) {
        uint32_t current = frontier[--waiting];
        uint32_t free = ~(current | others) & ~domes;
        for (int cell = 0; cell < CELLS; cell++) {
            if (!(current >> cell & 1))
                continue;
            int height = (l1 >> cell & 1) + (l2 >> cell & 1) + (l3 >> cell & 1);
            uint32_t steps = neighbours[cell] & levels[height] & free;
            for (int target = 0; target < CELLS && count < MAX_PLACEMENTS; target++) {
                if (!(steps >> target & 1))
                    continue;
                uint32_t after = current ^ (1u << cell | 1u << target);
                if (!seen_before(seen, after)) {
                    found[count++] = after;
                    frontier[waiting++] = after;
                }
            }
        }
    }
    PyMem_Free(seen);
    PyObject *result = count < MAX_PLACEMENTS ? PyList_New(count) : NULL;
    if (count >= MAX_PLACEMENTS)
        PyErr_SetString(PyExc_ValueError, "more placements than two workers can reach");
    for (Py_ssize_t i = 0; result != NULL && i < count; i++) {
        PyObject *placement = i == 0 ? Py_NewRef(workers) : PyTuple_New(sides);
        if (placement != NULL && i > 0)
            for (Py_ssize_t s = 0; s < sides; s++) {
                PyObject *mask = s == side ? PyLong_FromUnsignedLong(found[i])
                                           : Py_NewRef(PyTuple_GET_ITEM(workers, s));
                if (mask == NULL) {
                    Py_CLEAR(placement);
                    break;
                }
                PyTuple_SET_ITEM(placement, s, mask);
            }
        if (placement == NULL)
            Py_CLEAR(result);
        else
            PyList_SET_ITEM(result, i, placement);
    }
    PyMem_Free(found);
    return result;
}

static PyObject *configure(PyObject *self, PyObject *table)
{
    PyObject *sequence = PySequence_Fast(table, "neighbours must be a sequence");
    if (sequence == NULL)
        return NULL;
    int failed = PySequence_Fast_GET_SIZE(sequence) < CELLS;
    if (failed)
        PyErr_SetString(PyExc_ValueError, "neighbours has fewer than 25 cells");
    for (int cell = 0; !failed && cell < CELLS; cell++)
        failed = read_mask(PySequence_Fast_GET_ITEM(sequence, cell), &neighbours[cell]);
    Py_DECREF(sequence);
    if (failed)
        return NULL;
    configured = 1;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"configure", configure, METH_O, "Take the board's neighbours table, once."},
    {"placements", (PyCFunction)(void (*)(void))placements, METH_FASTCALL,
     "Every placement of a side's workers reached by steps on their own level."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_hermes", "Hermes' walks in C.", -1, methods,
};

PyMODINIT_FUNC PyInit__hermes(void)
{
    return PyModule_Create(&module);
}
